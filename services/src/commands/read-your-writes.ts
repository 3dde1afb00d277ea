import type { Config } from '../platform/config.ts';
import type { ReadModelProgress } from '../platform/platform.ts';

/** How long a command's answer waits for the read model when the configuration does not say (READ_YOUR_WRITES_MS). */
const READ_YOUR_WRITES_TIMEOUT_MS = 5000;

/** What read-your-writes waits on: the read model and this process's redirect cache. */
export interface ReadYourWrites {
  readModel: ReadModelProgress;
  linkCache: { progress: ReadModelProgress };
  config?: Pick<Config, 'READ_YOUR_WRITES_MS'>;
}

/**
 * Read your writes: the answer waits (bounded) until the read model and this process's
 * redirect cache include the command, so the next query and the next redirect show it.
 * False when the wait ended first (no projector running, or far behind).
 */
export async function waitForReadModel(platform: ReadYourWrites, position: number): Promise<boolean> {
  const timeoutMs = platform.config?.READ_YOUR_WRITES_MS ?? READ_YOUR_WRITES_TIMEOUT_MS;
  const caughtUp = await Promise.all([platform.readModel.waitFor(position, timeoutMs), platform.linkCache.progress.waitFor(position, timeoutMs)]);
  return caughtUp.every(Boolean);
}
