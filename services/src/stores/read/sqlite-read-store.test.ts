import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe } from 'vitest';
import { readStoreContract } from './read-store.contract.ts';
import { SqliteReadStore } from './sqlite-read-store.ts';

describe('SQLite read store (embedded) — contract', () => {
  const dir = mkdtempSync(join(tmpdir(), 'll-read-'));
  let n = 0;
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  readStoreContract(async () => new SqliteReadStore(join(dir, `read-${n++}.db`)));
});
