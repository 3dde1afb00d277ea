import type { Decider } from '../commands/command-handler.ts';
import { notFound } from '../commands/domain-error.ts';
import { evolveSavedQueries, savedQueriesStream, type SavedQueries } from './saved-query-state.ts';

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
