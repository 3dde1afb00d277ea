import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Doc, ProjectionsReport, ReadStore, RebuildView } from '@linkledger/contracts';
import { LINKS, LINK_TOTALS, ReadModelTarget, apiReadModel, latestBotPolicy, rebuild, type LinkView } from '@linkledger/projections';
import { SqliteReadStore } from '../stores/read/sqlite-read-store.ts';
import { CHROME, GOOGLEBOT } from '../testing/http-client.ts';
import { projectorsCaughtUp } from '../testing/projectors.ts';
import { seedClicks } from '../testing/seed-clicks.ts';
import { signUp, startWithSuperAdmin, type Session, type TestApp } from '../testing/test-app.ts';

describe('rebuilding a projection from the admin panel, beside the live one', () => {
  let t: TestApp;
  let admin: Session;
  let link: LinkView;
  let ownerId: number;
  /** Redirects answered by the tests so far: human clicks on top of the seeded ones. */
  let redirected = 0;
  beforeAll(async () => {
    ({ t, admin } = await startWithSuperAdmin({ REDIRECT_RATE_PER_IP: '0' }));
    const owner = await signUp(t.app, 'owner@example.com');
    ownerId = owner.user.id;
    link = (
      await t.app.inject({ method: 'POST', url: '/api/urls', headers: owner.headers, payload: { original_url: 'https://example.com/' } })
    ).json<LinkView>();
    await seedClicks(t.platform, { id: link.id, owner_id: owner.user.id }, 1500, [CHROME, CHROME, GOOGLEBOT]);
    await caughtUp();
  });
  afterAll(async () => t.close());

  const caughtUp = () => projectorsCaughtUp(t.platform);
  const report = async () => (await t.app.inject({ url: '/api/admin/projections', headers: admin.headers })).json<ProjectionsReport>();
  const readModel = async (store: ReadStore = t.platform.read) => {
    const collections: Record<string, Record<string, Doc>> = {};
    for (const name of Object.keys(apiReadModel.collections)) {
      const docs = await store.find(name);
      if (docs.length) collections[name] = Object.fromEntries(docs.map((doc) => [String(doc.id), doc]));
    }
    return collections;
  };
  /** What a projection of the whole log into an empty read store gives. */
  let scratches = 0;
  const fromScratch = async () => {
    const scratch = new SqliteReadStore(join(t.dataDir, `scratch-${++scratches}.db`));
    try {
      await rebuild(t.platform.events, new ReadModelTarget(scratch, apiReadModel, latestBotPolicy(t.platform.events)));
      return await readModel(scratch);
    } finally {
      await scratch.close();
    }
  };

  /** Redirects until the rebuild is over, checking each answer and sampling the progress. */
  async function redirectDuring(): Promise<{ answered: number; samples: RebuildView[] }> {
    const samples: RebuildView[] = [];
    let answered = 0;
    for (;;) {
      const status = (await report()).rebuild!;
      samples.push(status);
      if (status.state !== 'running' && status.state !== 'pending') break;
      for (let i = 0; i < 3; i++) {
        const response = await t.app.inject({ url: `/${link.short_code}`, headers: { 'user-agent': CHROME } });
        expect(response.statusCode).toBe(302);
        answered += 1;
        redirected += 1;
      }
    }
    return { answered, samples };
  }

  it('rebuilds the read model while every redirect is answered and counted, and the result equals the incremental one', async () => {
    const before = await readModel();
    expect(before).toEqual(await fromScratch());
    const totalBefore = (before[LINKS]![String(link.id)] as LinkView)['total_clicks'] as number;
    expect(totalBefore).toBe(1000);
    t.platform.rebuilds!.batchSize = 10;

    const started = await t.app.inject({ method: 'POST', url: '/api/admin/projections/read/rebuild', headers: admin.headers });
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({
      message: expect.stringContaining('started successfully'),
      rebuild: { projections: ['read'], reason: 'rebuild', state: 'running', started_by: 'root@example.com' },
    });
    const { answered, samples } = await redirectDuring();

    expect(answered).toBeGreaterThan(0);
    const under = samples.filter((sample) => sample.state === 'running' && sample.total > 0 && sample.done < sample.total);
    expect(under.length).toBeGreaterThan(0);
    expect(under.some((sample) => (sample.events_per_second ?? 0) > 0)).toBe(true);
    expect(samples.at(-1)).toMatchObject({ state: 'done', error: null, clicks: null, progress_known: true });
    expect(samples.at(-1)!.done).toBe(samples.at(-1)!.total);

    await caughtUp();
    const after = await readModel();
    // Every redirect made during the rebuild is counted, and nothing else changed.
    expect((after[LINKS]![String(link.id)] as LinkView)['total_clicks']).toBe(totalBefore + answered);
    expect(after[LINK_TOTALS]).toEqual(
      Object.fromEntries(
        Object.entries(before[LINK_TOTALS]!).map(([id, doc]) => [
          id,
          { ...doc, total_clicks: (doc['total_clicks'] as number) + (doc.id === ownerId ? answered : 0) },
        ]),
      ),
    );
    expect(after).toEqual(await fromScratch());
  });

  it('rebuilds the analytics the same way, one rebuild at a time, recorded as events', async () => {
    t.platform.rebuilds!.batchSize = 100;
    const started = await t.app.inject({ method: 'POST', url: '/api/admin/projections/analytics/rebuild', headers: admin.headers });
    expect(started.statusCode).toBe(202);
    const second = await t.app.inject({ method: 'POST', url: '/api/admin/projections/read/rebuild', headers: admin.headers });
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toMatch(/A rebuild is already running \(analytics, started .*\)\. Only one runs at a time/);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/projections/replay-bots', headers: admin.headers })).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/projections/links/rebuild', headers: admin.headers })).json().detail).toMatch(
      /read .* or analytics/,
    );

    const { answered, samples } = await redirectDuring();
    expect(answered).toBeGreaterThan(0);
    const finished = samples.at(-1)!;
    expect(finished).toMatchObject({ state: 'done', projections: ['analytics'] });
    // The same clicks up to the swap, classified by the same policy: the counts agree.
    expect(finished.clicks!.after).toEqual(finished.clicks!.before);
    expect(finished.clicks!.after.bot).toBe(500);

    await caughtUp();
    const [row] = await t.platform.analytics.query<{ human: number; bot: number }>(
      'SELECT countIf(is_bot = 0) AS human, countIf(is_bot = 1) AS bot FROM clicks',
    );
    expect({ human: Number(row!.human), bot: Number(row!.bot) }).toEqual({ human: 1000 + redirected, bot: 500 });
    // The swapped-in tables keep their view: clicks after the swap reach the per-day table too.
    for (let i = 0; i < 5; i++) expect((await t.app.inject({ url: `/${link.short_code}`, headers: { 'user-agent': CHROME } })).statusCode).toBe(302);
    redirected += 5;
    await caughtUp();
    const [daily] = await t.platform.analytics.query<{ clicks: number }>("SELECT sum(clicks) AS clicks FROM clicks_daily WHERE dimension = ''");
    expect(Number(daily!.clicks)).toBe(1000 + redirected);

    const recorded = (await t.platform.events.readStream('projection-rebuilds')).map((event) => ({
      type: event.type,
      actor: event.metadata.actor.kind,
      data: event.data as Record<string, unknown>,
    }));
    expect(recorded.map((event) => [event.type, event.actor])).toEqual([
      ['ProjectionRebuildStarted', 'user'],
      ['ProjectionRebuildFinished', 'system'],
      ['ProjectionRebuildStarted', 'user'],
      ['ProjectionRebuildFinished', 'system'],
    ]);
    expect(recorded[3]!.data).toMatchObject({ outcome: 'done', error: '', clicks: finished.clicks });
  });

  it('reports each projector’s checkpoint, lag in events and seconds, events per second and last error', async () => {
    await caughtUp();
    const status = await report();
    expect(status).toMatchObject({ role: 'all', note: null, head_position: await t.platform.events.headPosition() });
    expect(status.head_at).toEqual(expect.any(String));
    expect(
      status.projectors.map((projector) => [projector.key, projector.name, projector.state, projector.lag_events, projector.lag_seconds, projector.last_error]),
    ).toEqual([
      ['read', 'accounts-links', 'running', 0, 0, null],
      ['analytics', 'analytics-clicks', 'running', 0, 0, null],
    ]);
    for (const projector of status.projectors) expect(projector.events_per_second).toEqual(expect.any(Number));
  });
});
