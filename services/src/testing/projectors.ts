import type { Platform } from '../platform/platform.ts';
import { eventually } from './eventually.ts';

/** Waits until every projector of this process has applied the log up to its head as it is now. */
export async function projectorsCaughtUp(platform: Pick<Platform, 'events' | 'runners'>, timeoutMs = 10_000): Promise<void> {
  const head = await platform.events.headPosition();
  await eventually(() => platform.runners.every((runner) => runner.applied >= head), timeoutMs, 'the projectors to catch up');
}
