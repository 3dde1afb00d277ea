import { formatLimit, limitReached } from '@linkledger/contracts';
import { MONTHLY_USAGE, monthlyUsageId, type MonthlyUsageView } from '@linkledger/projections';
import { DomainError } from '../commands/domain-error.ts';
import { perPlatform } from '../platform/per-platform.ts';
import type { Platform } from '../platform/platform.ts';
import { currentPlan } from './current-plan.ts';

/** Links created this calendar month (UTC), deleted ones included. */
export async function linksCreatedThisMonth(platform: Pick<Platform, 'clock' | 'read'>, userId: number): Promise<number> {
  return (await platform.read.get<MonthlyUsageView>(MONTHLY_USAGE, monthlyUsageId(userId, platform.clock())))?.links_created ?? 0;
}

/** The owner has created all the links their plan allows this month. */
export class MonthlyLimitReached extends DomainError {
  constructor(planName: string, limit: number) {
    super(
      'forbidden',
      `You have created all ${formatLimit(limit)} links your ${planName} plan allows this month. Upgrade your plan on the pricing page, or wait until the 1st of next month.`,
    );
  }
}

/**
 * Runs a link creation only while the owner is under the plan's monthly link limit.
 * Creations of one owner run one at a time in this process and each answers after the
 * read model counts it, so a burst of requests cannot slip past the limit together.
 */
export class LinkQuota {
  private readonly queues = new Map<number, Promise<unknown>>();

  constructor(private readonly platform: Platform) {}

  async run<T>(ownerId: number, create: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(ownerId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(async () => {
      const { plan, limits } = await currentPlan(this.platform, ownerId);
      if (limitReached(await linksCreatedThisMonth(this.platform, ownerId), limits.monthly_links)) {
        throw new MonthlyLimitReached(plan.display_name, limits.monthly_links);
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
