import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainActionResponse, ErrorBody, IdParams, TraiApprovalList, TraiDecisionBody } from '@linkledger/contracts';
import { TRAI_DOMAINS, USERS, type TraiDomainView, type UserView } from '@linkledger/projections';
import { handleMultiStreamCommand } from '../commands/command-handler.ts';
import { notFound } from '../commands/domain-error.ts';
import { commandContext } from '../http/command-context.ts';
import type { Platform } from '../platform/platform.ts';
import { decideTraiDecider } from './trai-deciders.ts';
import { routesFor } from '../http/declared-routes.ts';

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
      const owners = await platform.read.getMany<UserView>(USERS, [...new Set(pending.map((view) => view.owner_id))]);
      return pending.map((view) => ({
        id: view.id,
        header: view.header,
        owner_id: view.owner_id,
        owner_email: owners.get(String(view.owner_id))?.email ?? null,
        dlt_registration_id: view.dlt_registration_id ?? null,
        created_at: view.created_at,
      }));
    },
  });

  /** Records an administrator's decision on one header; the administrator is the event's actor. */
  const recordApproval = async (request: FastifyRequest, traiId: number, approve: boolean, reason = '') => {
    const view = await platform.read.get<TraiDomainView>(TRAI_DOMAINS, traiId);
    if (!view || view.domain_type !== 'our_domain') throw notFound('There is no such TRAI header awaiting approval.');
    await handleMultiStreamCommand(platform, commandContext(platform, request), decideTraiDecider, { traiId: view.id, header: view.header, approve, reason });
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
