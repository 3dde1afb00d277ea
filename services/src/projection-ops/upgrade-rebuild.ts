import { randomUUID } from 'node:crypto';
import type { EventStore, ProjectionKey } from '@linkledger/contracts';
import { NO_READ_MODEL, handleCommand } from '../commands/command-handler.ts';
import type { Logger } from '../platform/platform.ts';
import { RebuildAlreadyRunning, startRebuildDecider } from './rebuild-deciders.ts';

/** What an upgrade found its projections lack: which to rebuild, and what the rebuild fills (for the log). */
interface UpgradeGap {
  projections: ProjectionKey[];
  fills: string;
}

/**
 * Starts an online rebuild for an upgrade that added what only a replay can fill (analytics
 * tables, read-model documents derived from old events), instead of emptying the live
 * projections: they keep answering meanwhile. A rebuild already open (this one, after a
 * restart) is left to run. Start-up goes on whatever happens here: a failure is logged, and
 * the next start tries again.
 */
export async function startUpgradeRebuild(platform: { events: EventStore; clock: () => Date }, gap: UpgradeGap, log: Logger): Promise<void> {
  const context = { actor: { kind: 'system' as const, id: 'upgrade' }, correlationId: randomUUID(), now: platform.clock() };
  const which = gap.projections.join(' and ');
  try {
    await handleCommand({ events: platform.events, ...NO_READ_MODEL }, context, startRebuildDecider, {
      rebuildId: randomUUID(),
      projections: gap.projections,
      reason: 'upgrade',
    });
    log.info(`Rebuilding ${which} online to fill ${gap.fills} this version adds`);
  } catch (error) {
    if (error instanceof RebuildAlreadyRunning)
      log.info(`The ${gap.fills} this version adds are filled by the next ${which} rebuild (another rebuild is under way; the next start begins one)`);
    else log.error(error, `Could not start the rebuild of ${which} that fills ${gap.fills}; the next start tries again`);
  }
}
