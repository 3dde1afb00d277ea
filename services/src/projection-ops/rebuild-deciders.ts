import { PROJECTION_REBUILDS_STREAM, type ProjectionKey, type ProjectionRebuildFinished, type RebuildReason } from '@linkledger/contracts';
import type { Decider } from '../commands/command-handler.ts';
import { DomainError } from '../commands/domain-error.ts';
import { evolveRebuildLog, openRebuild, type RebuildLog, type RebuildRecord } from './rebuild-log-state.ts';

/** A second rebuild while one runs: a 409 that says which one and since when. */
export class RebuildAlreadyRunning extends DomainError {
  constructor(open: RebuildRecord) {
    super(
      'conflict',
      `A rebuild is already running (${open.projections.join(' and ')}, started ${open.started_at}). Only one runs at a time: wait for it to finish, then start again.`,
    );
  }
}

interface StartRebuild {
  rebuildId: string;
  projections: ProjectionKey[];
  reason: RebuildReason;
}

export const startRebuildDecider: Decider<StartRebuild, RebuildLog> = {
  streamOf: () => PROJECTION_REBUILDS_STREAM,
  initialState: [],
  evolve: evolveRebuildLog,
  decide: (command, log) => {
    const open = openRebuild(log);
    if (open) throw new RebuildAlreadyRunning(open);
    return [{ type: 'ProjectionRebuildStarted', data: { rebuild_id: command.rebuildId, projections: command.projections, reason: command.reason } }];
  },
};

/** Records how a rebuild ended, once: a rebuild already finished records nothing. */
export const finishRebuildDecider: Decider<ProjectionRebuildFinished, RebuildLog> = {
  streamOf: () => PROJECTION_REBUILDS_STREAM,
  initialState: [],
  evolve: evolveRebuildLog,
  decide: (finished, log) => (openRebuild(log)?.rebuild_id === finished.rebuild_id ? [{ type: 'ProjectionRebuildFinished', data: finished }] : []),
};
