import { describe, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.ts';
import { savedQueriesDecider } from './saved-query-deciders.ts';

const queries = deciderSpec(savedQueriesDecider, 'sql-queries-7');
const saved = { type: 'SqlQuerySaved' as const, data: { query_id: 'q1', name: 'Clicks', sql: 'SELECT 1' } };

describe('saved console queries', () => {
  it('when a query is saved, then it is recorded, a new one or an edit of one saved before', () => {
    queries.given([]).when({ userId: 7, kind: 'save', id: 'q1', name: 'Clicks', sql: 'SELECT 1' }).then([saved]);
    queries
      .given([saved])
      .when({ userId: 7, kind: 'save', id: 'q1', name: 'Clicks today', sql: 'SELECT 2' })
      .then([{ type: 'SqlQuerySaved', data: { query_id: 'q1', name: 'Clicks today', sql: 'SELECT 2' } }]);
  });

  it('given a saved query, when it is deleted, then that is recorded; an unknown or deleted one is not found', () => {
    queries
      .given([saved])
      .when({ userId: 7, kind: 'delete', id: 'q1' })
      .then([{ type: 'SqlQueryDeleted', data: { query_id: 'q1' } }]);
    queries.given([]).when({ userId: 7, kind: 'delete', id: 'q1' }).thenThrows('There is no such saved query');
    queries
      .given([saved, { type: 'SqlQueryDeleted', data: { query_id: 'q1' } }])
      .when({ userId: 7, kind: 'delete', id: 'q1' })
      .thenThrows('There is no such saved query');
  });
});
