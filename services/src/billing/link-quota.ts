import { formatLimit, limitReached } from '@linkledger/contracts';
import { MONTHLY_USAGE, monthlyUsageId, type MonthlyUsageView } from '@linkledger/projections';
import { DomainError } from '../commands/domain-error.ts';
import { perPlatform } from '../platform/per-platform.ts';
import type { Platform } from '../platform/platform.ts';
import { currentPlan } from './current-plan.ts';

/** Links created this calendar month (UTC), deleted ones included. */
async function linksCreatedThisMonth(platform: Pick<Platform, 'clock' | 'read'>, userId: number): Promise<number> {
  return (await platform.read.get<MonthlyUsageView>(MONTHLY_USAGE, monthlyUsageId(userId, platform.clock())))?.links_created ?? 0;
}

/** Whose limit it is: the plan's, or one an admin set for the account (docs/plans.md#monthly-link-limit). */
export type LinkLimitSource = { kind: 'plan'; planName: string } | { kind: 'account' };

/** "all 10 links", or "the 1 link": the count as the refusal says it. */
const allLinks = (limit: number) => (limit === 1 ? 'the 1 link' : `all ${formatLimit(limit)} links`);

/**
 * The owner has created all the links their limit allows this month. An admin's limit for
 * the account outlasts any plan change, so only the plan's limit is met with an upgrade.
 */
export class MonthlyLimitReached extends DomainError {
  constructor(source: LinkLimitSource, limit: number) {
    super(
      'forbidden',
      source.kind === 'plan'
        ? `You have created ${allLinks(limit)} your ${source.planName} plan allows this month. Upgrade your plan on the pricing page, or wait until the 1st of next month.`
        : `You have created ${allLinks(limit)} your account allows this month (a limit set for your account, not by your plan). Wait until the 1st of next month, or ask support to change the limit.`,
    );
  }
}

/**
 * Runs a link creation only while the owner is under the plan's monthly link limit.
 * Creations of one owner run one at a time in this process and each answers after the
 * read model counts it, so a burst of requests cannot slip past the limit together.
 */
class LinkQuota {
  private readonly queues = new Map<number, Promise<unknown>>();

  constructor(private readonly platform: Platform) {}

  async run<T>(ownerId: number, create: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(ownerId) ?? Promise.resolve();
    const next = previous
      .catch(() => undefined)
      .then(async () => {
        const { plan, limits, subscription } = await currentPlan(this.platform, ownerId);
        if (limitReached(await linksCreatedThisMonth(this.platform, ownerId), limits.monthly_links)) {
          const accountsOwn = subscription.custom_limits?.monthly_links != null;
          throw new MonthlyLimitReached(accountsOwn ? { kind: 'account' } : { kind: 'plan', planName: plan.display_name }, limits.monthly_links);
        }
        return create();
      });
    this.queues.set(ownerId, next);
    try {
      return await next;
    } finally {
      if (this.queues.get(ownerId) === next) this.queues.delete(ownerId);
    }
  }
}

const linkQuota = perPlatform((platform) => new LinkQuota(platform));

/** The link quota of this process's platform (one queue per owner for the whole process). */
export function withinLinkQuota<T>(platform: Platform, ownerId: number, create: () => Promise<T>): Promise<T> {
  return linkQuota(platform).run(ownerId, create);
}
