import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainActionResponse, ErrorBody, IdParams, TraiApprovalList, TraiDecisionBody } from '@linkledger/contracts';
import { TRAI_DOMAINS, USERS, WORKSPACES, type TraiDomainView, type UserView, type WorkspaceView } from '@linkledger/projections';
import { handleMultiStreamCommand } from '../commands/command-handler.ts';
import { notFound } from '../commands/domain-error.ts';
import { commandContext } from '../http/command-context.ts';
import type { Platform } from '../platform/platform.ts';
import { decideTraiDecider } from './trai-deciders.ts';
import { routesFor } from '../http/declared-routes.ts';
import { mailLinkBase } from '../mail/email-settings.ts';
import { mailOwed, owingMails } from '../owed-mail/index.ts';
import { domainNoticeRecipients } from './domain-notice-recipients.ts';
import { traiDecisionMail } from './trai-decision-mail.ts';
import { traiStream } from './trai-state.ts';

const ADMINS_APPROVE_TRAI = 'Only administrators can approve TRAI headers.';
const admin = { access: 'admin', refusal: ADMINS_APPROVE_TRAI } as const;
const errors = { 400: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/**
 * The approval queue of TRAI headers on this service's own host (docs/admin.md#trai-approvals):
 * nothing proves such a header by DNS, so an administrator looks at the evidence its owner gave
 * (the DLT registration id) and approves or rejects it before any link can use it.
 */
export async function traiApprovalRoutes(app: FastifyInstance, platform: Platform) {
  const admins = routesFor(app, admin);

  admins.get('/api/admin/trai-approvals', {
    summary: 'TRAI headers on this service’s host awaiting approval, oldest first, with their evidence',
    response: { 200: TraiApprovalList },
    handler: async () => {
      // A header projected before approvals existed has no `approval` yet: it waits like a new one.
      const ours = await platform.read.find<TraiDomainView>(TRAI_DOMAINS, {
        where: { domain_type: 'our_domain' },
        sort: [{ field: 'created_at', direction: 'asc' }],
      });
      const pending = ours.filter((view) => (view.approval ?? 'pending') === 'pending');
      // A team's header is answered for by its owners: the first of them is named, beside the team.
      const workspaces = await platform.read.getMany<WorkspaceView>(WORKSPACES, [...new Set(pending.map((view) => view.owner_id))]);
      const teamOf = (ownerId: number) => {
        const workspace = workspaces.get(String(ownerId));
        return workspace && !workspace.personal ? workspace : null;
      };
      const contactOf = (ownerId: number) => teamOf(ownerId)?.owner_ids[0] ?? ownerId;
      const contacts = await platform.read.getMany<UserView>(USERS, [...new Set(pending.map((view) => contactOf(view.owner_id)))]);
      return pending.map((view) => ({
        id: view.id,
        header: view.header,
        owner_id: view.owner_id,
        owner_email: contacts.get(String(contactOf(view.owner_id)))?.email ?? null,
        team: teamOf(view.owner_id)?.name ?? null,
        dlt_registration_id: view.dlt_registration_id ?? null,
        created_at: view.created_at,
      }));
    },
  });

  /** The member who submitted the header: the user who added it (not an API key), if recorded. */
  const submitterOf = async (traiId: number): Promise<number[]> => {
    const [added] = await platform.events.readStream(traiStream(traiId));
    const actor = added?.metadata.actor;
    return actor?.kind === 'user' ? [Number(actor.id)] : [];
  };

  /**
   * Records an administrator's decision on one header (the administrator is the event's actor)
   * and, in the same append, owes the notice of it to each of the owning workspace's owners and
   * admins and to the member who submitted it (docs/workspaces.md#notices).
   */
  const recordApproval = async (request: FastifyRequest, traiId: number, approve: boolean, reason = '') => {
    const view = await platform.read.get<TraiDomainView>(TRAI_DOMAINS, traiId);
    if (!view || view.domain_type !== 'our_domain') throw notFound('There is no such TRAI header awaiting approval.');
    const context = commandContext(platform, request);
    const [recipients, workspace, base] = await Promise.all([
      domainNoticeRecipients(platform.read, view.owner_id, await submitterOf(view.id)),
      platform.read.get<WorkspaceView>(WORKSPACES, view.owner_id),
      mailLinkBase(platform, request),
    ]);
    const team = workspace && !workspace.personal ? workspace.name : null;
    const mails = recipients.map((recipient) => ({
      recipient,
      mail: { mailId: randomUUID(), now: context.now, retryMs: platform.config.MAIL_RETRY_SECONDS * 1000 },
    }));
    const notices = () =>
      mails.map(({ recipient, mail }) =>
        mailOwed(mail, {
          kind: 'trai_decision',
          userId: recipient.userId,
          place: { base, environmentOnly: false },
          to: recipient.email,
          written: traiDecisionMail(recipient.email, { header: view.header, approved: approve, reason, team, base }),
        }),
      );
    const command = { traiId: view.id, header: view.header, approve, reason };
    await handleMultiStreamCommand(
      platform,
      context,
      owingMails(
        decideTraiDecider,
        mails.map(({ mail }) => mail.mailId),
        notices,
      ),
      command,
    );
    for (const { mail } of mails) {
      // A notice the transport refuses now is sent by the owed-mail sender later; the decision stands.
      await platform.owedMail
        .deliver(mail.mailId)
        .catch((error: unknown) => request.log.error({ err: error }, 'A TRAI decision notice could not be sent now; the mail sender tries it again'));
    }
    return {
      message: approve
        ? `The TRAI header ${view.header} was approved successfully: its owner's links can use it.`
        : `The TRAI header ${view.header} was rejected successfully: it serves nothing, and the header is free again.`,
    };
  };

  admins.post('/api/admin/trai-approvals/:id/approve', {
    summary: 'Approve a TRAI header on this service’s host: links may use it from now on',
    params: IdParams,
    response: { 200: DomainActionResponse, ...errors },
    handler: async ({ request }) => recordApproval(request, request.params.id, true),
  });

  admins.post('/api/admin/trai-approvals/:id/reject', {
    summary: 'Reject a TRAI header on this service’s host, with a reason its owner sees: it never serves, and the header is free again',
    params: IdParams,
    body: TraiDecisionBody,
    response: { 200: DomainActionResponse, ...errors },
    handler: async ({ request }) => recordApproval(request, request.params.id, false, request.body?.reason),
  });
}
