import type { FeatureKey } from '@linkledger/contracts';
import { forbidden } from '../commands/domain-error.ts';
import type { Platform } from '../platform/platform.ts';
import { currentPlan } from './current-plan.ts';

/** The free plan's answer to an export (docs/links.md#csv-export, docs/plans.md#feature-gate). */
export const EXPORT_NOT_IN_PLAN = 'Export feature is only available on Pro and Enterprise plans. Upgrade your plan to export your URLs.';

/** Refuses (403, with the given message) a caller whose plan lacks the feature: the server decides, whatever the app hides. */
export async function requireFeature(platform: Pick<Platform, 'clock' | 'read'>, userId: number, feature: FeatureKey, refusal: string): Promise<void> {
  const { plan } = await currentPlan(platform, userId);
  if (!plan.features.includes(feature)) throw forbidden(refusal);
}
