import type { DomainEvent, SavedQuery } from '@linkledger/contracts';
import type { EventEnvelope } from '../commands/event-port.ts';
import { withEntry } from './keyed-state.ts';

/** An admin's saved console queries live on their own stream. */
export const savedQueriesStream = (userId: number) => `sql-queries-${userId}`;

/** The saved queries by id, in the order they were first saved. */
export type SavedQueries = ReadonlyMap<string, SavedQuery>;

export function evolveSavedQueries(state: SavedQueries, event: DomainEvent, envelope: EventEnvelope): SavedQueries {
  if (event.type === 'SqlQuerySaved') {
    const { query_id: id, name, sql } = event.data;
    return withEntry(state, id, { id, name, sql, saved_at: envelope.metadata.at });
  }
  return event.type === 'SqlQueryDeleted' ? withEntry(state, event.data.query_id, null) : state;
}
