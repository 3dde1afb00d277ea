import type { DomainEvent, SavedQuery } from '@linkledger/contracts';
import type { Decider } from '../commands/command-handler.ts';
import { notFound } from '../commands/domain-error.ts';
import { withEntry } from './keyed-state.ts';
import type { EventEnvelope } from '../commands/event-port.ts';

/** An admin's saved console queries live on their own stream. */
export const savedQueriesStream = (userId: number) => `sql-queries-${userId}`;

/** The saved queries by id, in the order they were first saved. */
export type SavedQueries = ReadonlyMap<string, SavedQuery>;

function evolveSavedQueries(state: SavedQueries, event: DomainEvent, envelope: EventEnvelope): SavedQueries {
  if (event.type === 'SqlQuerySaved') {
    const { query_id: id, name, sql } = event.data;
    return withEntry(state, id, { id, name, sql, saved_at: envelope.metadata.at });
  }
  return event.type === 'SqlQueryDeleted' ? withEntry(state, event.data.query_id, null) : state;
}

const SAVED_QUERY_NOT_FOUND = 'There is no such saved query (it may have been deleted already).';

type SavedQueryCommand = { userId: number } & ({ kind: 'save'; id: string; name: string; sql: string } | { kind: 'delete'; id: string });

export const savedQueriesDecider: Decider<SavedQueryCommand, SavedQueries> = {
  streamOf: (command) => savedQueriesStream(command.userId),
  initialState: new Map(),
  evolve: evolveSavedQueries,
  decide: (command, state) => {
    if (command.kind === 'save') return [{ type: 'SqlQuerySaved', data: { query_id: command.id, name: command.name, sql: command.sql } }];
    if (!state.has(command.id)) throw notFound(SAVED_QUERY_NOT_FOUND);
    return [{ type: 'SqlQueryDeleted', data: { query_id: command.id } }];
  },
};
