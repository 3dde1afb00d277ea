import type { FastifyInstance } from 'fastify';
import {
  ErrorBody,
  IdParams,
  IdempotencyKeyHeaders,
  OpenTicketBody,
  ReplyTicketBody,
  StillProcessingBody,
  SupportTicket,
  SupportTicketAnswer,
  SupportTicketList,
} from '@linkledger/contracts';
import { SUPPORT_TICKETS, type SupportTicketView } from '@linkledger/projections';
import { handleCommand, handleMultiStreamCommand } from '../commands/command-handler.ts';
import { allocateId, metadataFor } from '../commands/command-context.ts';
import { notFound } from '../commands/domain-error.ts';
import { commandContext } from '../http/command-context.ts';
import { claimedId, idempotencyOf } from '../http/idempotency.ts';
import { STILL_PROCESSING } from '../http/still-processing.ts';
import type { Platform } from '../platform/platform.ts';
import { mailToOwe } from '../accounts/index.ts';
import { mailOwed, owingMail } from '../owed-mail/index.ts';
import { deliverSupportMail, supportLinkBase } from './send-support-mail.ts';
import { ticketOpenedMail } from './support-mail.ts';
import { TICKET_NOT_FOUND, openTicketDecider, replyToTicketDecider, ticketMessage, ticketSubject } from './ticket-deciders.ts';
import { ownerEmail, ticketOf, visibleTicket } from './ticket-views.ts';
import { routesFor } from '../http/declared-routes.ts';

const user = { access: 'user' } as const;

const OPENED_MAIL_NOTE = {
  mailed: 'We e-mailed you a confirmation and will answer soon.',
  failed: 'We could not e-mail you a confirmation just now; it follows as soon as our mail service answers, and your ticket is listed under Your tickets.',
  unverified:
    'Verify your e-mail address to get a confirmation and our replies by e-mail; until then your ticket and our replies are listed under Your tickets.',
  retried: 'This is the ticket your earlier request with the same Idempotency-Key opened; no other was opened.',
} as const;
export const ticketOpened = (id: number, mail: keyof typeof OPENED_MAIL_NOTE) => `Your support request #${id} was sent successfully. ${OPENED_MAIL_NOTE[mail]}`;
export const REPLY_SENT = 'Your reply was sent successfully.';

/** Support tickets as their owner sees them (docs/support.md): open one, read them with their replies, reply. */
export async function supportRoutes(app: FastifyInstance, platform: Platform) {
  const signedIn = routesFor(app, user);

  signedIn.post('/api/support/tickets', {
    summary: 'Write to support: opens a ticket (subject up to 200 characters, message up to 5000) and e-mails the caller a confirmation',
    headers: IdempotencyKeyHeaders,
    body: OpenTicketBody,
    response: { 201: SupportTicketAnswer, 202: StillProcessingBody, 409: ErrorBody },
    handler: async ({ request, reply, caller }) => {
      const context = commandContext(platform, request);
      const idempotency = await idempotencyOf(platform, request, caller.userId, context.now);
      if (idempotency.kind === 'replay') {
        const earlierId = claimedId(idempotency.claimed);
        const earlier = await platform.read.get<SupportTicketView>(SUPPORT_TICKETS, earlierId);
        if (!earlier) return reply.code(202).send({ detail: STILL_PROCESSING, still_processing: true, id: earlierId });
        return reply.code(201).send({ message: ticketOpened(earlier.id, 'retried'), ticket: ticketOf(earlier) });
      }
      const { priority } = request.body;
      // Checked before an id is taken, so a refused form leaves nothing behind (the decider checks again).
      const subject = ticketSubject(request.body.subject);
      const message = ticketMessage(request.body.message);
      const ticketId = await allocateId(platform.events, 'ticket', metadataFor(context));
      const claimed = idempotency.kind === 'claim' ? { ...context, claim: idempotency.claimFor('ticket', ticketId) } : context;
      // The caller is signed in, so no address means one not verified yet: no confirmation is owed.
      const to = await ownerEmail(platform, caller.userId);
      const base = to === null ? null : await supportLinkBase(platform, request);
      const mail = mailToOwe(platform, context);
      const confirmation = () =>
        to === null
          ? null
          : mailOwed(mail, {
              kind: 'support_ticket',
              userId: caller.userId,
              place: { base: base ?? '', environmentOnly: false },
              to,
              written: ticketOpenedMail(to, { id: ticketId, subject, priority, message }, base),
            });
      const { shown } = await handleMultiStreamCommand(platform, claimed, owingMail(openTicketDecider, mail.mailId, confirmation), {
        ticketId,
        userId: caller.userId,
        subject,
        priority,
        message,
      });
      // The ticket is recorded whatever the mail does: a mail not sent now follows, never a failed request.
      const mailed = to !== null && (await deliverSupportMail(platform, request, mail.mailId));
      // Opened, but not yet readable (no projector caught up).
      if (!shown) return reply.code(202).send({ detail: STILL_PROCESSING, still_processing: true, id: ticketId });
      const view = await visibleTicket(platform, caller, ticketId);
      return reply.code(201).send({ message: ticketOpened(ticketId, to === null ? 'unverified' : mailed ? 'mailed' : 'failed'), ticket: ticketOf(view) });
    },
  });

  signedIn.get('/api/support/tickets', {
    summary: 'The caller’s support tickets, newest first, each with its replies',
    response: { 200: SupportTicketList },
    handler: async ({ caller }) => {
      const { userId } = caller;
      const views = await platform.read.find<SupportTicketView>(SUPPORT_TICKETS, {
        where: { user_id: userId },
        sort: [
          { field: 'created_at', direction: 'desc' },
          { field: 'id', direction: 'desc' },
        ],
      });
      return { tickets: views.map(ticketOf) };
    },
  });

  signedIn.get('/api/support/tickets/:id', {
    summary: 'One support ticket with its replies (its owner’s, or any for an admin)',
    params: IdParams,
    response: { 200: SupportTicket, 404: ErrorBody },
    handler: async ({ request, caller }) => ticketOf(await visibleTicket(platform, caller, request.params.id)),
  });

  signedIn.post('/api/support/tickets/:id/replies', {
    summary: 'Reply on one of the caller’s tickets (a closed ticket opens again)',
    params: IdParams,
    headers: IdempotencyKeyHeaders,
    body: ReplyTicketBody,
    response: { 201: SupportTicketAnswer, 202: StillProcessingBody, 404: ErrorBody, 409: ErrorBody },
    handler: async ({ request, reply, caller }) => {
      const view = await visibleTicket(platform, caller, request.params.id);
      // Admins answer from the inbox, as the support team; here only the owner writes.
      if (view.user_id !== caller.userId) throw notFound(TICKET_NOT_FOUND);
      const context = commandContext(platform, request);
      const idempotency = await idempotencyOf(platform, request, caller.userId, context.now);
      // Sent before with this key: the ticket as it is now, with that reply and no other.
      if (idempotency.kind === 'replay') return reply.code(201).send({ message: REPLY_SENT, ticket: ticketOf(view) });
      await handleCommand(
        platform,
        idempotency.kind === 'claim' ? { ...context, claim: idempotency.claimFor('ticket_reply', view.id) } : context,
        replyToTicketDecider,
        {
          ticketId: view.id,
          author: 'user',
          userId: caller.userId,
          message: request.body.message,
        },
      );
      return reply.code(201).send({ message: REPLY_SENT, ticket: ticketOf(await visibleTicket(platform, caller, view.id)) });
    },
  });
}
