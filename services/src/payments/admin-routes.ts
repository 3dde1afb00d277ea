import type { FastifyInstance } from 'fastify';
import { BillingHistoryResponse, ErrorBody, IdParams } from '@linkledger/contracts';
import { ADMIN_SUBJECTS } from '../billing/index.ts';
import type { Platform } from '../platform/platform.ts';
import { billingHistory } from './routes.ts';
import { routesFor } from '../http/declared-routes.ts';

const ADMINS_READ_PAYMENTS = 'Only an admin or super admin can read another user’s payments.';

/** Where an admin reads the payments of a user's personal workspace, and of any workspace by its id. */
const PAYMENTS_PATHS = { user: '/api/admin/users/:id/payments', workspace: '/api/admin/workspaces/:id/payments' } as const;

/**
 * Admins read the payments of a user or of a workspace beside its subscription (the admin area's
 * Subscriptions tab; docs/admin.md#plans-and-limits-of-a-workspace): a user's are those of their
 * personal workspace, a team's those any of its members paid for it.
 */
export async function adminPaymentRoutes(app: FastifyInstance, platform: Platform) {
  const admins = routesFor(app, { access: 'admin', refusal: ADMINS_READ_PAYMENTS });

  for (const subject of ADMIN_SUBJECTS) {
    admins.get(PAYMENTS_PATHS[subject.noun], {
      summary: `A ${subject.noun}’s payments and failed attempts, newest first, with receipt numbers`,
      params: IdParams,
      response: { 200: BillingHistoryResponse, 404: ErrorBody },
      handler: async ({ request }) => {
        await subject.find(platform, request.params.id);
        return { billing_history: await billingHistory(platform, request.params.id) };
      },
    });
  }
}
