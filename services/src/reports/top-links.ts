import type { AnalyticsStore } from '@linkledger/contracts';

/** The links with the most human clicks in a range of days, most first, ties by id; none with no click. */
export async function topLinks(store: AnalyticsStore, linkIds: readonly number[], range: { from: string; to: string }, limit: number) {
  if (linkIds.length === 0) return [];
  const rows = await store.query<{ link_id: number; clicks: number }>(
    `SELECT link_id, sum(clicks) AS clicks
     FROM clicks_daily WHERE link_id IN {links:Array(UInt64)} AND dimension = '' AND day >= {first:Date32} AND day <= {last:Date32}
     GROUP BY link_id HAVING clicks > 0
     ORDER BY clicks DESC, link_id
     LIMIT ${limit}`,
    { links: [...linkIds], first: range.from, last: range.to },
  );
  return rows.map((row) => ({ linkId: Number(row.link_id), clicks: Number(row.clicks) }));
}
