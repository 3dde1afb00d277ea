import { formatLimit } from '@linkledger/contracts';
import { CUSTOM_DOMAINS, TRAI_DOMAINS } from '@linkledger/projections';
import { forbidden } from '../commands/domain-error.ts';
import { currentPlan, requireFeature } from '../billing/index.ts';
import type { Platform } from '../platform/platform.ts';

export const DOMAINS_NOT_IN_PLAN = 'Custom domains are available on the Pro and Enterprise plans. Upgrade your plan to add your own domain.';
export const TRAI_NOT_IN_PLAN = 'TRAI headers are available on the Pro and Enterprise plans. Upgrade your plan to register a sender header.';

const FEATURE = { custom: 'custom_domains', trai: 'trai_domains' } as const;
/** The refusal of a plan without the feature, for routes that declare it (`config.feature`). */
export const DOMAINS_FEATURE = { key: FEATURE.custom, refusal: DOMAINS_NOT_IN_PLAN } as const;
export const TRAI_FEATURE = { key: FEATURE.trai, refusal: TRAI_NOT_IN_PLAN } as const;

/** Refuses (403, the feature's refusal) a workspace whose plan does not include custom domains or TRAI headers now. */
export async function requireDomainFeature(platform: Pick<Platform, 'clock' | 'read'>, ownerId: number, kind: 'custom' | 'trai'): Promise<void> {
  const feature = kind === 'custom' ? DOMAINS_FEATURE : TRAI_FEATURE;
  await requireFeature(platform, ownerId, feature.key, feature.refusal);
}

/**
 * A workspace may add one more custom domain or TRAI header: its plan has the feature, and it
 * is under its limit (an admin's own limit for custom domains wins; -1 is unlimited).
 */
export async function requireRoomFor(platform: Pick<Platform, 'clock' | 'read'>, ownerId: number, kind: 'custom' | 'trai'): Promise<void> {
  const { plan, limits } = await currentPlan(platform, ownerId);
  if (!plan.features.includes(FEATURE[kind])) throw forbidden(kind === 'custom' ? DOMAINS_NOT_IN_PLAN : TRAI_NOT_IN_PLAN);
  const limit = kind === 'custom' ? limits.custom_domains : plan.trai_domains_limit;
  // A claim another account won no longer counts: its owner can only delete it.
  const collection = kind === 'custom' ? CUSTOM_DOMAINS : TRAI_DOMAINS;
  const used =
    (await platform.read.count(collection, { owner_id: ownerId })) -
    (kind === 'custom' ? await platform.read.count(collection, { owner_id: ownerId, dropped: true }) : 0);
  if (limit !== -1 && used >= limit) {
    const what = kind === 'custom' ? 'custom domains' : 'TRAI headers';
    throw forbidden(
      `Your ${plan.display_name} plan allows ${formatLimit(limit)} ${what}, and you have ${used}. Delete one, or upgrade your plan on the pricing page.`,
    );
  }
}
