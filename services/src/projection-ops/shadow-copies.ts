import type { AnalyticsShadow, ProjectionKey } from '@linkledger/contracts';
import { ClicksAnalyticsTarget, ReadModelTarget, apiReadModel, latestBotPolicy, latestPurgeHorizon, type OnlinePart } from '@linkledger/projections';
import type { Platform } from '../platform/platform.ts';

export type RebuildDeps = Pick<Platform, 'events' | 'read' | 'analytics' | 'runners' | 'readModelTarget' | 'analyticsTarget'>;

/** A projection to rebuild: its live runner and a fresh copy, and for analytics the copy's click counts. */
export interface RebuildPart extends OnlinePart {
  analytics: AnalyticsShadow | null;
}

/**
 * The live runner of a projection and an empty copy to rebuild it into: for the read model
 * a copy of its collections in the read store, for analytics a copy of the click tables.
 * Both copies classify clicks with the newest bot policy, like the live projectors.
 */
export async function rebuildPart(platform: RebuildDeps, key: ProjectionKey): Promise<RebuildPart> {
  const live = key === 'read' ? platform.readModelTarget : platform.analyticsTarget;
  const runner = platform.runners.find((candidate) => candidate.name === live.name);
  if (!runner) throw new Error(`The ${live.name} projector does not run in this process, so it cannot be rebuilt here`);
  const policy = latestBotPolicy(platform.events);
  if (key === 'read') {
    const shadow = await platform.read.shadow(apiReadModel.name, Object.keys(apiReadModel.collections));
    const target = new ReadModelTarget(shadow, apiReadModel, policy);
    await target.init();
    return { runner, copy: { target, promote: () => shadow.promote(), discard: () => shadow.discard() }, analytics: null };
  }
  const shadow = await platform.analytics.shadow();
  return {
    runner,
    copy: {
      target: new ClicksAnalyticsTarget(shadow, policy, latestPurgeHorizon(platform.events)),
      promote: () => shadow.promote(),
      discard: () => shadow.discard(),
    },
    analytics: shadow,
  };
}
