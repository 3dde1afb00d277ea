import { randomUUID } from 'node:crypto';
import type { EventStore } from '@linkledger/contracts';
import { NO_READ_MODEL, handleCommand } from '../commands/command-handler.ts';
import type { Logger } from '../platform/platform.ts';
import { RebuildAlreadyRunning, startRebuildDecider } from './rebuild-deciders.ts';

/**
 * Starts an online rebuild of the analytics for an upgrade that added tables only a replay
 * can fill, instead of emptying the live ones: dashboards keep their counts meanwhile. A
 * rebuild already open (this one, after a restart) is left to run. Start-up goes on
 * whatever happens here: a failure is logged, and the next start tries again.
 */
export async function startUpgradeRebuild(platform: { events: EventStore; clock: () => Date }, log: Logger): Promise<void> {
  const context = { actor: { kind: 'system' as const, id: 'upgrade' }, correlationId: randomUUID(), now: platform.clock() };
  try {
    await handleCommand({ events: platform.events, ...NO_READ_MODEL }, context, startRebuildDecider, {
      rebuildId: randomUUID(),
      projections: ['analytics'],
      reason: 'upgrade',
    });
    log.info('Analytics: rebuilding online to fill the link and owner facts this version adds');
  } catch (error) {
    if (error instanceof RebuildAlreadyRunning)
      log.info(
        'Analytics: the link and owner facts this version adds are filled by the next analytics rebuild (another rebuild is under way; the next start begins one)',
      );
    else log.error(error, 'Analytics: could not start the rebuild that fills the link and owner facts; the next start tries again');
  }
}
