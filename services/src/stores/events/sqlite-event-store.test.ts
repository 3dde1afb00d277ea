import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe } from 'vitest';
import { eventStoreContract } from './event-store.contract.ts';
import { SqliteEventStore } from './sqlite-event-store.ts';

describe('SQLite event store (embedded) — contract', () => {
  const dir = mkdtempSync(join(tmpdir(), 'll-events-'));
  let n = 0;
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  eventStoreContract(async () => new SqliteEventStore(join(dir, `events-${n++}.db`), { pollMs: 20 }));
});
