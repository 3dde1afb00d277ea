import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ClickRow } from '@linkledger/contracts';
import { linkAnalytics } from '../../links/analytics-queries.ts';
import { analyticsStoreContract } from './analytics-store.contract.ts';
import { ClickHouseAnalyticsStore } from './clickhouse-analytics-store.ts';

// chDB runs one engine per process: both suites share the directory, each its own database.
const dir = mkdtempSync(join(tmpdir(), 'll-chdb-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('chDB analytics store (embedded) — contract', () => {
  analyticsStoreContract(() => ClickHouseAnalyticsStore.open({ kind: 'chdb', path: dir }, 'contract'));
});

describe('chDB analytics store (embedded) — repair after a crash', () => {
  const row = (position: number, is_bot = 0): ClickRow => ({
    position,
    link_id: 5,
    owner_id: 1,
    at: '2026-11-20 12:00:00.000',
    country: 'IN',
    referrer: 'news.example',
    source: 'link',
    browser: 'Chrome',
    os: 'Linux',
    device: 'desktop',
    is_bot,
    visitor_hash: `v${position}`,
  });
  const now = new Date('2026-11-22T12:00:00Z');

  it('refills the per-day table when a crash left it behind or ahead of the clicks', async () => {
    const store = await ClickHouseAnalyticsStore.open({ kind: 'chdb', path: dir }, 'repair');
    try {
      await store.truncate();
      await store.insertClicks([row(1), row(2), row(3, 1)]);
      expect(await store.recover()).toBe(false);
      expect((await linkAnalytics(store, 5, now)).total_clicks).toBe(2);

      // Killed after the clicks were written but before the view's insert: the day table lacks them.
      await store['command']('TRUNCATE TABLE clicks_daily');
      expect((await linkAnalytics(store, 5, now)).total_clicks).toBe(0);
      expect(await store.recover()).toBe(true);
      expect(await linkAnalytics(store, 5, now)).toMatchObject({ total_clicks: 2, top_referrers: [{ referrer: 'news.example', count: 2 }] });

      // Killed between a rebuild's two truncates: clicks empty, the day table still full.
      await store['command']('TRUNCATE TABLE clicks');
      expect(await store.recover()).toBe(true);
      expect((await linkAnalytics(store, 5, now)).total_clicks).toBe(0);
      expect(await store.recover()).toBe(false);
    } finally {
      await store.close();
    }
  });
});
