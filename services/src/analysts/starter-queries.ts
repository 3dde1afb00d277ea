import type { StarterQuery } from '@linkledger/contracts';

/** Queries the SQL console offers to start from, over the analysts' schema (docs/analysts.md#schema). */
export const STARTER_QUERIES: StarterQuery[] = [
  {
    name: 'Clicks per country, last 7 days',
    sql: `SELECT country, count() AS clicks
FROM clicks
WHERE is_bot = 0 AND at >= now() - INTERVAL 7 DAY
GROUP BY country
ORDER BY clicks DESC`,
  },
  {
    name: 'Top referrers of a link',
    sql: `SELECT referrer, count() AS clicks
FROM clicks
WHERE is_bot = 0 AND link_id = (SELECT link_id FROM links WHERE short_code = {code:String} AND deleted = 0 LIMIT 1)
GROUP BY referrer
ORDER BY clicks DESC
LIMIT 20`,
  },
  {
    name: 'Bots share by browser',
    sql: `SELECT browser, count() AS clicks, countIf(is_bot = 1) AS bots, round(bots / clicks * 100, 1) AS bot_percent
FROM clicks
GROUP BY browser
ORDER BY clicks DESC`,
  },
];
