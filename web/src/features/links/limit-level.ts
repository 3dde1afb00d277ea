/** The approaching-limit warning starts at 80 percent of the monthly links limit (docs/plans.md#monthly-link-limit). */
const LIMIT_WARNING_RATIO = 0.8;

type LimitLevel = 'ok' | 'approaching' | 'reached';

/** Where this month's link count stands against the plan's limit (-1 is unlimited: always ok). */
export function linkLimitLevel(used: number, limit: number): LimitLevel {
  if (limit < 0) return 'ok';
  if (used >= limit) return 'reached';
  return used >= limit * LIMIT_WARNING_RATIO ? 'approaching' : 'ok';
}
