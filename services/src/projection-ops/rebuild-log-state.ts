import {
  PROJECTION_REBUILDS_STREAM,
  type Actor,
  type DomainEvent,
  type EventStore,
  type ProjectionKey,
  type ProjectionRebuildFinished,
  type RebuildReason,
} from '@linkledger/contracts';
import type { EventEnvelope } from '../commands/event-port.ts';
import { foldEvents } from '../commands/event-port.ts';

/** A rebuild as the log tells it: its start, and its finish once recorded. */
export interface RebuildRecord {
  rebuild_id: string;
  projections: ProjectionKey[];
  reason: RebuildReason;
  started_at: string;
  started_by: Actor;
  /** The start event's position: the copies classify clicks with the newest bot policy from here on. */
  started_position: number;
  /** The start request's correlation id, which the finish carries too. */
  correlation_id: string;
  finished: (Omit<ProjectionRebuildFinished, 'rebuild_id'> & { at: string }) | null;
}

/** Every rebuild of the installation, oldest first (a start and a finish each: the stream stays small). */
export type RebuildLog = readonly RebuildRecord[];

export function evolveRebuildLog(log: RebuildLog, event: DomainEvent, envelope: EventEnvelope): RebuildLog {
  if (event.type === 'ProjectionRebuildStarted') {
    const { rebuild_id, projections, reason } = event.data;
    const { at, actor, correlation_id } = envelope.metadata;
    return [
      ...log,
      { rebuild_id, projections, reason, started_at: at, started_by: actor, started_position: envelope.position, correlation_id, finished: null },
    ];
  }
  if (event.type === 'ProjectionRebuildFinished') {
    const { rebuild_id, ...finished } = event.data;
    return log.map((record) => (record.rebuild_id === rebuild_id ? { ...record, finished: { ...finished, at: envelope.metadata.at } } : record));
  }
  return log;
}

export async function loadRebuildLog(events: Pick<EventStore, 'readStream'>): Promise<RebuildLog> {
  return foldEvents(await events.readStream(PROJECTION_REBUILDS_STREAM), evolveRebuildLog, [] as RebuildLog);
}

/** The rebuild started and not finished, if any: only one runs at a time. */
export const openRebuild = (log: RebuildLog): RebuildRecord | undefined => log.find((record) => record.finished === null);
