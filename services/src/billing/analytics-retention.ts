import { UNLIMITED } from '@linkledger/contracts';
import type { Platform } from '../platform/platform.ts';
import { currentLimits } from './current-plan.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How far back a workspace's analytics reach now: its retention in days, and the first instant shown (null: no limit). */
export interface AnalyticsRetention {
  days: number;
  since: Date | null;
}

/**
 * The window of analytics a workspace sees (docs/privacy.md#analytics-retention): its plan's
 * `analytics_retention_days` (or an admin's own figure) back from now. Clicks stay in the
 * log; this only bounds what analytics show.
 */
export async function analyticsRetention(platform: Pick<Platform, 'clock' | 'read'>, workspaceId: number): Promise<AnalyticsRetention> {
  const days = (await currentLimits(platform, workspaceId)).analytics_retention_days;
  return { days, since: days === UNLIMITED ? null : new Date(platform.clock().getTime() - days * DAY_MS) };
}
