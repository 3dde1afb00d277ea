import { invalidate } from '../../api/query.ts';
import type { EntityRef } from './history/history-filters.ts';
import type { InboxFilter } from './support/support-inbox-api.ts';

/*
 * The admin panel's server state (docs/architecture.md#the-web-app): every key an admin tab
 * reads, all under `['admin']`, so that one `adminChanged()` after an admin action makes
 * every admin answer on screen refetch.
 */

/** Every admin answer. */
const ADMIN_QUERIES = ['admin'] as const;

export const ADMIN_STATS_QUERY = ['admin', 'stats'] as const;
export const SIGNUP_STATUS_QUERY = ['admin', 'signup'] as const;
export const SYSTEM_QUERY = ['admin', 'system'] as const;
export const ADMIN_PLANS_QUERY = ['admin', 'plans'] as const;
export const FEATURES_QUERY = ['admin', 'features'] as const;
export const OAUTH_CONFIG_QUERY = ['admin', 'oauth-config'] as const;
export const EMAIL_CONFIG_QUERY = ['admin', 'email-config'] as const;
export const EMAIL_STATS_QUERY = ['admin', 'email-stats'] as const;
export const TRAI_APPROVALS_QUERY = ['admin', 'trai-approvals'] as const;
export const PROJECTIONS_REPORT_QUERY = ['admin', 'projections'] as const;
/** The bot policy, read again under each stamp (a rebuild starting or ending). */
export const BOT_POLICY_QUERY = ['admin', 'bot-policy'] as const;
export const botPolicyQuery = (stamp: string) => [...BOT_POLICY_QUERY, stamp] as const;
export const SAVED_SQL_QUERY = ['admin', 'sql-queries'] as const;
export const ANALYSTS_QUERY = ['admin', 'analysts'] as const;
/** Every page of the support inbox, keyed by its filter. */
export const SUPPORT_INBOX_QUERY = ['admin', 'support-tickets'] as const;
export const supportInboxQuery = (filter: InboxFilter) => [...SUPPORT_INBOX_QUERY, filter] as const;

/** Pages of the users and links lists, keyed by search and page. */
export const userListQuery = (query: object) => ['admin', 'users', query] as const;
export const adminLinkListQuery = (query: object) => ['admin', 'links', query] as const;

/** One user's answers. */
export const userLimitsQuery = (userId: number | null) => ['admin', 'limits', userId] as const;
export const subscriptionQuery = (userId: number | null) => ['admin', 'subscription', userId] as const;
export const subscriptionHistoryQuery = (userId: number | null) => ['admin', 'subscription-history', userId] as const;
/** A user's payments (`users`), or a workspace's (`workspaces`). */
export const paymentsQuery = (of: 'users' | 'workspaces', id: number | null) => ['admin', 'payments', of, id] as const;
export const paidPeriodQuery = (userId: number) => ['admin', 'paid-period', userId] as const;

/** The event history: pages of events, an entity's timeline, its state at a moment. */
export const historyQueries = {
  events: (query: object) => ['admin', 'history', 'events', query] as const,
  timeline: ({ kind, id }: EntityRef) => ['admin', 'history', 'timeline', kind, id] as const,
  stateAt: ({ kind, id }: EntityRef, at: number | string) => ['admin', 'history', 'state', kind, id, at] as const,
};

/** After an admin action: every admin answer is stale. */
export function adminChanged(): Promise<void> {
  return invalidate(ADMIN_QUERIES);
}

/** `['plans']` is the public catalogue's key (billing's PLANS_QUERY): the pricing and limits screens follow a plan edit. */
const PUBLIC_PLANS_QUERY = ['plans'] as const;

/** After a plan edit: the admin answers and the public plan catalogue are stale. */
export function plansChanged(): Promise<unknown> {
  return Promise.all([adminChanged(), invalidate(PUBLIC_PLANS_QUERY)]);
}
