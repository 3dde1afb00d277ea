import type { ProjectionKey, ProjectorStatus } from '@linkledger/contracts';
import type { Platform } from '../platform/platform.ts';

type StatusDeps = Pick<Platform, 'events' | 'read' | 'analytics' | 'runners' | 'readModelTarget' | 'analyticsTarget' | 'clock'>;

/** The head of the log: its position and when its event was recorded (null for an empty log). */
export async function logHead(events: Platform['events']): Promise<{ position: number; at: string | null }> {
  const position = await events.headPosition();
  if (position === 0) return { position, at: null };
  // The first event after head - 1 is the head event, positions being whole numbers.
  const [head] = await events.readAll({ after: position - 1, limit: 1 });
  return { position, at: head?.metadata.at ?? null };
}

/**
 * Where a projector stands. A projector running here reports what its runner measured
 * (events per second, last error, how far it has read, skipped events included); one running
 * in another process only what its store holds (its checkpoint). The lag is the number of
 * events after the checkpoint that the projector handles, never a difference of positions:
 * the analytics projector skips every event but clicks and a few facts, and its stored
 * checkpoint only moves with the clicks it stores (docs/admin.md#projections). In seconds,
 * it is how much older that first waiting event is than the head event. A store that does not
 * answer is reported as the last error (the runner, if here, retries on its own).
 */
export async function projectorStatus(platform: StatusDeps, key: ProjectionKey, head: { position: number; at: string | null }): Promise<ProjectorStatus> {
  const target = key === 'read' ? platform.readModelTarget : platform.analyticsTarget;
  const runner = platform.runners.find((candidate) => candidate.name === target.name)?.status();
  const stored = await (key === 'read' ? platform.read.checkpoint(target.name) : platform.analytics.lastPosition()).then(
    (position) => ({ position, error: null }),
    (error: unknown) => ({
      position: 0,
      error: { message: `Its store does not answer: ${error instanceof Error ? error.message : String(error)}`, at: platform.clock().toISOString() },
    }),
  );
  const checkpoint = Math.max(runner?.applied ?? 0, stored.position);
  const behind = checkpoint < head.position;
  const [waiting] = behind ? await platform.events.readAll({ after: checkpoint, limit: 1, filter: target.filter }) : [];
  const lagEvents = waiting ? await platform.events.countAll({ after: checkpoint, before: head.position + 1, filter: target.filter }) : 0;
  const lagSeconds = waiting && head.at ? Math.max(0, (Date.parse(head.at) - Date.parse(waiting.metadata.at)) / 1000) : 0;
  return {
    key,
    name: target.name,
    state: runner?.state ?? 'elsewhere',
    checkpoint,
    lag_events: lagEvents,
    lag_seconds: Math.round(lagSeconds * 10) / 10,
    events_per_second: runner?.eventsPerSecond ?? null,
    last_error: stored.error ?? runner?.lastError ?? null,
  };
}
