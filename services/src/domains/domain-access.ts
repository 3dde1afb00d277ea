import { formatLimit } from '@linkledger/contracts';
import { CUSTOM_DOMAINS, TRAI_DOMAINS } from '@linkledger/projections';
import { forbidden } from '../commands/domain-error.ts';
import { currentPlan } from '../billing/current-plan.ts';
import type { Platform } from '../platform/platform.ts';

export const DOMAINS_NOT_IN_PLAN = 'Custom domains are available on the Pro and Enterprise plans. Upgrade your plan to add your own domain.';
export const TRAI_NOT_IN_PLAN = 'TRAI headers are available on the Pro and Enterprise plans. Upgrade your plan to register a sender header.';

/**
 * A user may add one more custom domain or TRAI header: their plan has the feature, and they
 * are under its limit (an admin's own limit for custom domains wins; -1 is unlimited).
 */
export async function requireRoomFor(platform: Pick<Platform, 'clock' | 'read'>, userId: number, kind: 'custom' | 'trai'): Promise<void> {
  const { plan, limits } = await currentPlan(platform, userId);
  const feature = kind === 'custom' ? 'custom_domains' : 'trai_domains';
  if (!plan.features.includes(feature)) throw forbidden(kind === 'custom' ? DOMAINS_NOT_IN_PLAN : TRAI_NOT_IN_PLAN);
  const limit = kind === 'custom' ? limits.custom_domains : plan.trai_domains_limit;
  const used = await platform.read.count(kind === 'custom' ? CUSTOM_DOMAINS : TRAI_DOMAINS, { owner_id: userId });
  if (limit !== -1 && used >= limit) {
    const what = kind === 'custom' ? 'custom domains' : 'TRAI headers';
    throw forbidden(`Your ${plan.display_name} plan allows ${formatLimit(limit)} ${what}, and you have ${used}. Delete one, or upgrade your plan on the pricing page.`);
  }
}
