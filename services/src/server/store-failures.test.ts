import type { AnalyticsStore, ReadStore } from '@linkledger/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually as waitUntil } from '../testing/eventually.ts';
import { Fault, faulty } from '../testing/faulty-store.ts';
import { CHROME } from '../testing/http-client.ts';
import { signUp, startTestApp, type TestApp } from '../testing/test-app.ts';

describe('when the read store or the analytics store fails', () => {
  const readFault = new Fault('read');
  const analyticsFault = new Fault('analytics');
  const projectionErrors: string[] = [];
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;

  beforeAll(async () => {
    t = await startTestApp(
      {},
      {
        wrapStores: {
          read: (store) => faulty<ReadStore>(store, readFault, ['commit', 'reset', 'ensureIndex']),
          analytics: (store) => faulty<AnalyticsStore>(store, analyticsFault, ['insertClicks', 'truncate']),
        },
        log: { info: () => undefined, error: (_error, message) => projectionErrors.push(message) },
      },
    );
    owner = await signUp(t.app, 'owner@example.com');
  });
  afterAll(async () => t.close());

  const createLink = async (n: number) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/urls', headers: owner.headers, payload: { original_url: `https://example.com/${n}` } });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: number; short_code: string }>();
  };
  const visit = async (code: string, times: number) => {
    for (let i = 0; i < times; i++) {
      const response = await t.app.inject({ url: `/${code}`, headers: { 'user-agent': CHROME } });
      expect(response.statusCode).toBe(302);
    }
  };
  const logged = async (id: number) => (await t.platform.events.readStream(`clicks-${id}`)).length;
  const caughtUp = async () => {
    const head = await t.platform.events.headPosition();
    await waitUntil(() => t.platform.runners.every((runner) => runner.applied >= head), 15_000);
  };
  const totalClicks = async (id: number) =>
    (await t.app.inject({ url: `/api/urls/${id}`, headers: owner.headers })).json<{ total_clicks: number }>().total_clicks;
  const analyticsClicks = async (id: number) => {
    const response = await t.app.inject({ url: `/api/urls/${id}/analytics`, headers: owner.headers });
    return response.statusCode === 200 ? response.json<{ total_clicks: number }>().total_clicks : -1;
  };
  /** Every click of the log is stored once in analytics: as many rows as distinct positions as clicks logged. */
  const analyticsRows = async () => {
    const [row] = await t.platform.analytics.query<{ rows: number; positions: number }>('SELECT count() AS rows, uniqExact(position) AS positions FROM clicks');
    return row!;
  };

  it('keeps redirecting known links with the read store down, names it in /api/health, and catches up once it is back', async () => {
    const cached = await createLink(1);
    const uncached = await createLink(2);
    await visit(cached.short_code, 1);

    readFault.down();
    // Cached or not, a known link is resolved from the log, never from the read store.
    await visit(cached.short_code, 15);
    await visit(uncached.short_code, 8);
    expect(await logged(cached.id)).toBe(16);
    expect(await logged(uncached.id)).toBe(8);

    const health = await t.app.inject('/api/health');
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({
      status: 'degraded',
      down: ['read'],
      stores: { read: { status: 'down', adapter: 'sqlite' }, events: { status: 'up' }, analytics: { status: 'up' } },
    });
    expect(health.json().detail).toMatch(/^read store \(sqlite\) is down: /);
    await waitUntil(() => projectionErrors.some((m) => m.includes('accounts-links')), 5000);

    // Flaky rather than down: each commit is made, then its answer is lost. The runner must
    // resume after what was committed, not apply it again.
    readFault.down('after');
    await visit(uncached.short_code, 4);
    await new Promise((r) => setTimeout(r, 1500));

    readFault.up();
    await caughtUp();
    expect(await totalClicks(cached.id)).toBe(16);
    expect(await totalClicks(uncached.id)).toBe(12);
    expect((await t.app.inject('/api/health')).statusCode).toBe(200);
    // Still exact a moment later: nothing is applied twice by a late retry.
    await new Promise((r) => setTimeout(r, 1200));
    expect(await totalClicks(uncached.id)).toBe(12);
    await waitUntil(async () => (await analyticsClicks(uncached.id)) === 12);
  }, 40_000);

  it('keeps redirecting with the analytics store down, and inserts every click exactly once when it is back', async () => {
    const link = await createLink(3);
    await visit(link.short_code, 3);
    await waitUntil(async () => (await analyticsClicks(link.id)) === 3);

    analyticsFault.down();
    await visit(link.short_code, 20);
    expect(await logged(link.id)).toBe(23);
    const health = await t.app.inject('/api/health');
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ down: ['analytics'], stores: { analytics: { status: 'down' }, read: { status: 'up' } } });
    expect(health.json().detail).toMatch(/^analytics store \(chdb\) is down: /);
    const unavailable = await t.app.inject({ url: `/api/urls/${link.id}/analytics`, headers: owner.headers });
    expect(unavailable.statusCode).toBe(503);
    expect(unavailable.json().detail).toMatch(/No click is lost/);
    // The read model does not depend on analytics: counts stay live.
    await waitUntil(async () => (await totalClicks(link.id)) === 23);
    await waitUntil(() => projectionErrors.some((m) => m.includes('analytics-clicks')), 5000);

    // Inserts that land but whose answer is lost: the checkpoint is the data, so no repeat.
    analyticsFault.down('after');
    await visit(link.short_code, 7);
    await new Promise((r) => setTimeout(r, 1500));

    analyticsFault.up();
    await caughtUp();
    await waitUntil(async () => (await analyticsClicks(link.id)) === 30, 15_000);
    await new Promise((r) => setTimeout(r, 1200));
    expect(await analyticsClicks(link.id)).toBe(30);
    const clicksInLog = (await t.platform.events.readAll({ after: 0, limit: 10_000, filter: { types: ['Clicked'] } })).length;
    expect(await analyticsRows()).toEqual({ rows: clicksInLog, positions: clicksInLog });
    expect((await t.app.inject('/api/health')).statusCode).toBe(200);
  }, 40_000);
});
