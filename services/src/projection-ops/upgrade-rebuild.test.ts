import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LinkView } from '@linkledger/projections';
import type { ClickHouseAnalyticsStore } from '../stores/analytics/clickhouse-analytics-store.ts';
import { eventually } from '../testing/eventually.ts';
import { CHROME } from '../testing/http-client.ts';
import { projectorsCaughtUp } from '../testing/projectors.ts';
import { seedClicks } from '../testing/seed-clicks.ts';
import { signUp, startTestApp } from '../testing/test-app.ts';
import { loadRebuildLog } from './rebuild-log-state.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'linkledger-upgrade-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const clicksStored = async (analytics: { query<T>(sql: string): Promise<T[]> }) =>
  Number((await analytics.query<{ n: number }>('SELECT count() AS n FROM clicks'))[0]!.n);

describe('an upgrade that adds analytics only a replay can fill', () => {
  it('fills the link and owner facts by an online rebuild, without emptying the analytics meanwhile', async () => {
    const before = await startTestApp({}, { dataDir });
    const owner = await signUp(before.app, 'owner@example.com');
    const link = (
      await before.app.inject({ method: 'POST', url: '/api/urls', headers: owner.headers, payload: { original_url: 'https://example.com/' } })
    ).json<LinkView>();
    await seedClicks(before.platform, { id: link.id, owner_id: owner.user.id }, 30, [CHROME]);
    // A link made after the last click: the analytics projector resumes from that click, so
    // at the next start this link's fact is written before anything else runs.
    await before.app.inject({ method: 'POST', url: '/api/urls', headers: owner.headers, payload: { original_url: 'https://example.com/later' } });
    await projectorsCaughtUp(before.platform);
    // As an installation from before the facts existed: clicks stored, no facts.
    await before.platform.analytics.query('TRUNCATE TABLE link_facts');
    await before.platform.analytics.query('TRUNCATE TABLE owner_facts');
    expect(await (before.platform.analytics as ClickHouseAnalyticsStore).lacksFacts()).toBe(true);
    await before.close();

    const after = await startTestApp({}, { dataDir });
    try {
      // The live analytics answer at once: nothing was emptied for the replay.
      expect(await clicksStored(after.platform.analytics)).toBe(30);
      await eventually(
        async () => (await loadRebuildLog(after.platform.events)).some((record) => record.finished !== null),
        20_000,
        'the upgrade rebuild to finish',
      );
      const [record] = await loadRebuildLog(after.platform.events);
      expect(record).toMatchObject({ projections: ['analytics'], reason: 'upgrade' });
      expect(await (after.platform.analytics as ClickHouseAnalyticsStore).lacksFacts()).toBe(false);
      expect(await clicksStored(after.platform.analytics)).toBe(30);
      const [facts] = await after.platform.analytics.query<{ owner: number }>(`SELECT owner_id AS owner FROM link_facts WHERE link_id = ${link.id}`);
      expect(Number(facts?.owner)).toBe(owner.user.id);
    } finally {
      await after.close();
    }
  });

  it('fills the destinations of clicks stored before smart links by an online rebuild', async () => {
    const upgradeDir = mkdtempSync(join(tmpdir(), 'linkledger-upgrade-destinations-'));
    try {
      const before = await startTestApp({}, { dataDir: upgradeDir });
      const owner = await signUp(before.app, 'smart@example.com');
      const link = (
        await before.app.inject({ method: 'POST', url: '/api/urls', headers: owner.headers, payload: { original_url: 'https://example.com/' } })
      ).json<LinkView>();
      await seedClicks(before.platform, { id: link.id, owner_id: owner.user.id }, 5, [CHROME], { destination: 'https://example.com/then' });
      await projectorsCaughtUp(before.platform);
      // As an installation from before the clicks kept their destination: the column added empty.
      await before.platform.analytics.query("ALTER TABLE clicks UPDATE destination = '' WHERE 1 SETTINGS mutations_sync = 2");
      expect(await (before.platform.analytics as ClickHouseAnalyticsStore).lacksFacts()).toBe(true);
      await before.close();

      const after = await startTestApp({}, { dataDir: upgradeDir });
      try {
        await eventually(
          async () => (await loadRebuildLog(after.platform.events)).some((record) => record.finished !== null),
          20_000,
          'the upgrade rebuild to finish',
        );
        const destinations = await after.platform.analytics.query<{ destination: string; n: number }>(
          'SELECT destination, count() AS n FROM clicks GROUP BY destination',
        );
        expect(destinations.map((row) => ({ ...row, n: Number(row.n) }))).toEqual([{ destination: 'https://example.com/then', n: 5 }]);
        expect(await (after.platform.analytics as ClickHouseAnalyticsStore).lacksFacts()).toBe(false);
      } finally {
        await after.close();
      }
    } finally {
      rmSync(upgradeDir, { recursive: true, force: true });
    }
  });
});
