import type { RebuildView } from '@linkledger/contracts';
import type { RebuildRecord } from './rebuild-log-state.ts';
import type { RunningRebuild } from './rebuild-executor.ts';

/**
 * A rebuild as the admin sees it: from the log (start, finish), and while it runs here from
 * the executor (phase, positions, events per second). `runsHere` is false in a process that
 * runs no projectors: it knows only what the log says.
 */
export function rebuildView(record: RebuildRecord, running: RunningRebuild | null, runsHere: boolean, startedBy: string): RebuildView {
  const live = running?.record.rebuild_id === record.rebuild_id ? running : null;
  const parts = live?.progress?.parts ?? [];
  const finished = record.finished;
  const swapped = finished?.outcome === 'done' ? finished.through * record.projections.length : 0;
  return {
    rebuild_id: record.rebuild_id,
    projections: record.projections,
    reason: record.reason,
    state: finished ? finished.outcome : live || !runsHere ? 'running' : 'pending',
    phase: live?.progress?.phase ?? (live ? 'copying' : null),
    done: finished ? swapped : parts.reduce((sum, part) => sum + part.through, 0),
    total: finished ? swapped : parts.reduce((sum, part) => sum + part.head, 0),
    events: finished?.events ?? live?.progress?.events ?? 0,
    events_per_second: live ? live.eventsPerSecond : null,
    progress_known: finished !== null || live !== null,
    started_at: record.started_at,
    started_by: startedBy,
    finished_at: finished?.at ?? null,
    duration_ms: finished?.duration_ms ?? null,
    error: finished && finished.outcome === 'failed' ? finished.error : null,
    clicks: finished?.clicks ?? null,
  };
}
