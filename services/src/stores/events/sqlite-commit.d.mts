import type Database from 'better-sqlite3';
import type { ExpectedRevision } from '@linkledger/contracts';

/** One event of an append, serialised: [id, type, version, data JSON, metadata JSON]. */
export type EventRow = [string, string, number, string, string];
export type StreamRows = { stream: string; expected: ExpectedRevision; events: EventRow[] };
export type CommitOutcome =
  { ok: true; position: number; revisions: number[] } | { ok: false; stream: string; expected: ExpectedRevision; actual: number | null };

export function createCommit(db: Database.Database, options?: { maxRememberedStreams?: number }): (appends: StreamRows[][]) => CommitOutcome[];
