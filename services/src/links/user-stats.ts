import type { ReadStore } from '@linkledger/contracts';
import { CUSTOM_DOMAINS, LINKS, LINK_TOTALS, type LinkTotalsView } from '@linkledger/projections';

/**
 * Percent change from last month's new links to this month's, one decimal. Growth from
 * nothing has no ratio: it is 100 when this month has links and last month had none
 * (the whole count is new), and 0 when both months have none.
 */
export function monthlyGrowth(thisMonth: number, lastMonth: number): number {
  if (lastMonth === 0) return thisMonth > 0 ? 100 : 0;
  return Math.round(((thisMonth - lastMonth) / lastMonth) * 1000) / 10;
}

/**
 * The dashboard's four tiles, over the links the owner has now (deleted ones left out), and
 * how many of them redirect (switched on and not disabled by an admin) and how many custom
 * domains the owner has added (docs/analytics.md#dashboard-tiles).
 */
export async function userStats(read: ReadStore, ownerId: number, now: Date) {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
  const lastMonthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString();
  const [totals, thisMonth, lastMonth, switchedOn, disabledByAdmin, customDomains] = await Promise.all([
    read.get<LinkTotalsView>(LINK_TOTALS, ownerId),
    read.count(LINKS, { owner_id: ownerId, created_at: { gte: monthStart } }),
    read.count(LINKS, { owner_id: ownerId, created_at: { gte: lastMonthStart, lt: monthStart } }),
    read.count(LINKS, { owner_id: ownerId, is_active: true }),
    read.count(LINKS, { owner_id: ownerId, is_active: true, disabled_by_admin: true }),
    read.count(CUSTOM_DOMAINS, { owner_id: ownerId }),
  ]);
  return {
    total_urls: totals?.total_urls ?? 0,
    total_clicks: totals?.total_clicks ?? 0,
    urls_this_month: thisMonth,
    monthly_growth: monthlyGrowth(thisMonth, lastMonth),
    active_urls: switchedOn - disabledByAdmin,
    custom_domains_count: customDomains,
  };
}
