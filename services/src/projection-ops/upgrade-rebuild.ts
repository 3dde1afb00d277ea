import { randomUUID } from 'node:crypto';
import type { EventStore } from '@linkledger/contracts';
import { NO_READ_MODEL, handleCommand } from '../commands/command-handler.ts';
import { RebuildAlreadyRunning, startRebuildDecider } from './rebuild-log.ts';

/**
 * Starts an online rebuild of the analytics for an upgrade that added tables only a replay
 * can fill, instead of emptying the live ones: dashboards keep their counts meanwhile. A
 * rebuild already open (this one, after a restart) is left to run.
 */
export async function startUpgradeRebuild(platform: { events: EventStore; clock: () => Date }): Promise<boolean> {
  const context = { actor: { kind: 'system' as const, id: 'upgrade' }, correlationId: randomUUID(), now: platform.clock() };
  try {
    await handleCommand({ events: platform.events, ...NO_READ_MODEL }, context, startRebuildDecider, { rebuildId: randomUUID(), projections: ['analytics'], reason: 'upgrade' });
    return true;
  } catch (error) {
    if (error instanceof RebuildAlreadyRunning) return false;
    throw error;
  }
}
