import type { FastifyInstance } from 'fastify';
import { BillingHistoryResponse, ErrorBody, IdParams } from '@linkledger/contracts';
import { USERS, type UserView } from '@linkledger/projections';
import { notFound } from '../commands/domain-error.ts';
import { USER_NOT_FOUND } from '../accounts/index.ts';
import type { Platform } from '../platform/platform.ts';
import { billingHistory } from './routes.ts';
import { routesFor } from '../http/declared-routes.ts';

const ADMINS_READ_PAYMENTS = 'Only an admin or super admin can read another user’s payments.';

/** Admins read any user's payments beside their subscription (the admin area's Subscriptions tab). */
export async function adminPaymentRoutes(app: FastifyInstance, platform: Platform) {
  const admins = routesFor(app, { access: 'admin', refusal: ADMINS_READ_PAYMENTS });

  admins.get('/api/admin/users/:id/payments', {
    summary: 'A user’s payments and failed attempts, newest first, with receipt numbers',
    params: IdParams,
    response: { 200: BillingHistoryResponse, 404: ErrorBody },
    handler: async ({ request }) => {
      if (!(await platform.read.get<UserView>(USERS, request.params.id))) throw notFound(USER_NOT_FOUND);
      return { billing_history: await billingHistory(platform, request.params.id) };
    },
  });
}
