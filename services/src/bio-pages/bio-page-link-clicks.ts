import type { AnalyticsStore } from '@linkledger/contracts';

/**
 * Human clicks of each link since a time (null: all), from the per-day clicks table the link
 * analytics read (infra/clickhouse/schema.sql): whole UTC days from the day `since` falls in.
 */
export async function linkClicksSince(store: AnalyticsStore, linkIds: readonly number[], since: Date | null): Promise<Map<number, number>> {
  if (linkIds.length === 0) return new Map();
  const rows = await store.query<{ link_id: number; clicks: number }>(
    `SELECT link_id, sum(clicks) AS clicks FROM clicks_daily
     WHERE link_id IN {links:Array(UInt64)} AND dimension = '' AND day >= {first:Date32}
     GROUP BY link_id`,
    { links: [...linkIds], first: since ? since.toISOString().slice(0, 10) : '1970-01-01' },
  );
  return new Map(rows.map((row) => [Number(row.link_id), Number(row.clicks)]));
}
