import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe } from 'vitest';
import { analyticsStoreContract } from './analytics-store.contract.ts';
import { ClickHouseAnalyticsStore } from './clickhouse-analytics-store.ts';

describe('chDB analytics store (embedded) — contract', () => {
  const dir = mkdtempSync(join(tmpdir(), 'll-chdb-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  analyticsStoreContract(() => ClickHouseAnalyticsStore.open({ kind: 'chdb', path: dir }, 'contract'));
});
