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
  destination: 'https://example.com/',
  rule: 0,
  variant: 0,
});
const now = new Date('2026-11-22T12:00:00Z');

describe('chDB analytics store (embedded) — repair after a crash', () => {
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

describe('chDB analytics store (embedded) — upgrade from before smart links', () => {
  it('adds the destination, rule and variant to an existing clicks table: old clicks read 0, and a replay is asked for', async () => {
    const old = await ClickHouseAnalyticsStore.open({ kind: 'chdb', path: dir }, 'upgrade');
    const command = (sql: string) => old['command'](sql);
    // The clicks table as it was, with one click in it and its facts.
    await command('DROP VIEW IF EXISTS clicks_daily_mv');
    await command('DROP TABLE IF EXISTS clicks');
    await command('DROP TABLE IF EXISTS clicks_daily');
    await command(`CREATE TABLE clicks (
      position UInt64, link_id UInt64, owner_id UInt64, at DateTime64(3, 'UTC'), country LowCardinality(String), referrer String,
      source LowCardinality(String), browser LowCardinality(String), os LowCardinality(String), device LowCardinality(String),
      is_bot UInt8, visitor_hash String, visitor UInt64 MATERIALIZED cityHash64(visitor_hash)
    ) ENGINE = MergeTree ORDER BY (link_id, at, position)`);
    await command(`INSERT INTO clicks (position, link_id, owner_id, at, country, referrer, source, browser, os, device, is_bot, visitor_hash)
      VALUES (1, 9, 1, '2026-11-20 12:00:00.000', 'IN', '', 'link', 'Chrome', 'Linux', 'desktop', 0, 'old')`);
    const fact = { short_code: 'old', destination: 'https://example.com/', title: null, created_via: null, custom_domain: null, is_active: 1, disabled: 0 };
    await old.insertFacts({ links: [{ position: 1, link_id: 9, at: '2026-11-20 12:00:00.000', fact: 'created', owner_id: 1, ...fact }], owners: [] });
    await old.close();

    const store = await ClickHouseAnalyticsStore.open({ kind: 'chdb', path: dir }, 'upgrade');
    try {
      const [stored] = await store.query<{ rule: number; variant: number; destination: string }>('SELECT rule, variant, destination FROM clicks');
      expect(stored).toEqual({ rule: 0, variant: 0, destination: '' });
      // The old click's destination is in the log only: the store asks for a replay.
      expect(await store.lacksFacts()).toBe(true);
      expect(await linkAnalytics(store, 9, now)).toMatchObject({ total_clicks: 1, by_rule: [], by_variant: [] });
      await store.insertClicks([{ ...row(2), link_id: 9, rule: 1, destination: 'https://example.com/ios' }]);
      expect((await linkAnalytics(store, 9, now)).by_rule.map((split) => split.rule)).toEqual([1, 0]);
    } finally {
      await store.close();
    }
  });
});
