import type { FastifyInstance } from 'fastify';
import {
  AdminSupportQuery,
  AdminSupportTicketAnswer,
  AdminSupportTicketList,
  ErrorBody,
  IdParams,
  ReplyTicketBody,
  type DomainEvent,
  type Where,
} from '@linkledger/contracts';
import { PRIORITY_RANK, SUPPORT_TICKETS, type SupportTicketView } from '@linkledger/projections';
import { handleCommand, handleMultiStreamCommand } from '../commands/command-handler.ts';
import { commandContext } from '../http/command-context.ts';
import type { Platform } from '../platform/platform.ts';
import { mailToOwe } from '../accounts/index.ts';
import { mailOwed, owingMail } from '../owed-mail/index.ts';
import { deliverSupportMail, supportLinkBase } from './send-support-mail.ts';
import { ticketReplyMail } from './support-mail.ts';
import { closeTicketDecider, replyToTicketDecider } from './ticket-deciders.ts';
import { adminTicketsOf, anyTicket, ownerEmail } from './ticket-views.ts';
import { routesFor } from '../http/declared-routes.ts';

const ADMINS_ANSWER_SUPPORT = 'Only an admin or super admin can read and answer support tickets.';
const admin = { access: 'admin', refusal: ADMINS_ANSWER_SUPPORT } as const;

export const replyMailed = (email: string) => `Your reply was sent successfully to ${email}.`;
export const REPLY_NOT_MAILED =
  'Your reply is recorded and the user sees it on their Support page. The e-mail could not be sent just now; it goes out by itself once the mail service answers. Check the e-mail settings in the Email tab.';
const REPLY_NO_ADDRESS = 'Your reply is recorded. The account no longer has an e-mail address, so nothing was mailed.';
export const TICKET_CLOSED = 'The ticket is closed.';

/** The admin support inbox (docs/support.md#the-admin-inbox): every user's tickets, most pressing first; reply by e-mail; close. */
export async function adminSupportRoutes(app: FastifyInstance, platform: Platform) {
  const admins = routesFor(app, admin);

  const answerOf = async (message: string, ticketId: number) => ({
    message,
    ticket: (await adminTicketsOf(platform, [await anyTicket(platform, ticketId)]))[0]!,
  });

  admins.get('/api/admin/support/tickets', {
    summary: 'Support inbox: tickets by status and priority, urgent first and oldest first within a priority, with the requester’s e-mail',
    querystring: AdminSupportQuery,
    response: { 200: AdminSupportTicketList },
    handler: async ({ request }) => {
      const { status, priority } = request.query;
      const where: Where = { ...(status ? { status } : {}), ...(priority ? { priority_rank: PRIORITY_RANK[priority] } : {}) };
      const views = await platform.read.find<SupportTicketView>(SUPPORT_TICKETS, {
        where,
        sort: [
          { field: 'priority_rank', direction: 'asc' },
          { field: 'created_at', direction: 'asc' },
          { field: 'id', direction: 'asc' },
        ],
      });
      return { tickets: await adminTicketsOf(platform, views) };
    },
  });

  admins.post('/api/admin/support/tickets/:id/replies', {
    summary: 'Answer a ticket: the reply is shown to its owner and e-mailed to them',
    params: IdParams,
    body: ReplyTicketBody,
    response: { 201: AdminSupportTicketAnswer, 404: ErrorBody, 409: ErrorBody },
    handler: async ({ request, reply }) => {
      const view = await anyTicket(platform, request.params.id);
      const context = commandContext(platform, request);
      const to = await ownerEmail(platform, view.user_id);
      const base = to === null ? null : await supportLinkBase(platform, request);
      const mail = mailToOwe(platform, context);
      const replied = (decided: DomainEvent[]) =>
        decided.find((event): event is Extract<DomainEvent, { type: 'SupportTicketReplied' }> => event.type === 'SupportTicketReplied');
      const answerMail = (decided: DomainEvent[]) => {
        const reply = replied(decided);
        return to === null || !reply
          ? null
          : mailOwed(mail, {
              kind: 'support_reply',
              userId: view.user_id,
              place: { base: base ?? '', environmentOnly: false },
              to,
              written: ticketReplyMail(to, view, reply.data.message, base),
            });
      };
      const { events } = await handleMultiStreamCommand(platform, context, owingMail(replyToTicketDecider, mail.mailId, answerMail), {
        ticketId: view.id,
        author: 'admin',
        message: request.body.message,
      });
      let message = REPLY_NO_ADDRESS;
      if (to !== null && replied(events)) message = (await deliverSupportMail(platform, request, mail.mailId)) ? replyMailed(to) : REPLY_NOT_MAILED;
      return reply.code(201).send(await answerOf(message, view.id));
    },
  });

  admins.post('/api/admin/support/tickets/:id/close', {
    summary: 'Close a ticket (its owner can open it again by replying)',
    params: IdParams,
    response: { 200: AdminSupportTicketAnswer, 404: ErrorBody },
    handler: async ({ request }) => {
      const view = await anyTicket(platform, request.params.id);
      await handleCommand(platform, commandContext(platform, request), closeTicketDecider, { ticketId: view.id });
      return answerOf(TICKET_CLOSED, view.id);
    },
  });
}
