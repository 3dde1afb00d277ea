import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectionsReport, SystemReport } from '@linkledger/contracts';
import { projectorsCaughtUp } from '../testing/projectors.ts';
import { signIn, signUp, startTestApp, startWithSuperAdmin, type Session, type TestApp } from '../testing/test-app.ts';

const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0' };

describe('projection operations asked of a process that runs no projectors (ROLE=api)', () => {
  let owner: TestApp;
  let api: TestApp;
  let admin: Session;
  beforeAll(async () => {
    ({ t: owner, admin } = await startWithSuperAdmin());
    api = await startTestApp({ ROLE: 'api' }, { dataDir: owner.dataDir });
  });
  afterAll(async () => {
    await api.close();
    await owner.close();
  });

  const report = async (t: TestApp) => (await t.app.inject({ url: '/api/admin/projections', headers: admin.headers })).json<ProjectionsReport>();

  it('reports what the stores tell and says so, and hands a rebuild to the process that runs them', async () => {
    const status = await report(api);
    expect(status.role).toBe('api');
    expect(status.note).toMatch(/runs no projectors/);
    for (const projector of status.projectors) {
      expect(projector).toMatchObject({ state: 'elsewhere', events_per_second: null, last_error: null });
    }
    expect(status.projectors[0]!.checkpoint).toBeGreaterThan(0);

    const started = await api.app.inject({ method: 'POST', url: '/api/admin/projections/read/rebuild', headers: admin.headers });
    expect(started.statusCode).toBe(202);
    expect(started.json().rebuild).toMatchObject({ state: 'running', progress_known: false });
    await expect.poll(async () => (await report(owner)).rebuild?.state, { timeout: 20_000 }).toBe('done');
    expect((await report(api)).rebuild).toMatchObject({ state: 'done', progress_known: true, projections: ['read'] });
  });

  it('counts as the analytics lag only the events that projector handles after its checkpoint, the same on the System and Projections tabs', async () => {
    // This process knows only the analytics store's checkpoint, the last click stored
    // (docs/admin.md#projections): what comes after it and is never handled is not waiting.
    const ada = await signUp(owner.app, 'ada@example.com');
    const link = (await owner.app.inject({ method: 'POST', url: '/api/urls', headers: ada.headers, payload: { original_url: 'https://example.com/' } })).json<{
      short_code: string;
    }>();
    await owner.app.inject({ url: `/${link.short_code}`, headers: browser });
    await projectorsCaughtUp(owner.platform);
    // After the last click: events the analytics projector skips, and one it handles.
    for (let i = 0; i < 5; i++) await signIn(owner.app, 'ada@example.com');
    await signUp(owner.app, 'bo@example.com');
    await projectorsCaughtUp(owner.platform);

    const analyticsFilter = owner.platform.analyticsTarget.filter.types;
    const checkpoint = await api.platform.analytics.lastPosition();
    const after = await owner.platform.events.readAll({ after: checkpoint, limit: 10_000 });
    const handled = after.filter((event) => analyticsFilter.includes(event.type)).length;
    expect(handled).toBeGreaterThan(0);
    // The positions after the checkpoint are many more than the events waiting for it.
    expect(after.length).toBeGreaterThan(handled);

    const system = (await api.app.inject({ url: '/api/admin/system', headers: admin.headers })).json<SystemReport>();
    const projections = (await api.app.inject({ url: '/api/admin/projections', headers: admin.headers })).json<ProjectionsReport>();
    const systemLag = system.projectors.find((projector) => projector.name === 'analytics-clicks')?.lag;
    const tabLag = projections.projectors.find((projector) => projector.key === 'analytics')?.lag_events;
    expect([systemLag, tabLag]).toEqual([handled, handled]);
    expect(system.projectors.find((projector) => projector.name === 'analytics-clicks')?.checkpoint).toBe(checkpoint);

    // The process that runs the projectors knows they are caught up: both tabs say 0.
    const ownSystem = (await owner.app.inject({ url: '/api/admin/system', headers: admin.headers })).json<SystemReport>();
    const ownProjections = (await owner.app.inject({ url: '/api/admin/projections', headers: admin.headers })).json<ProjectionsReport>();
    expect(ownSystem.projectors.map((projector) => projector.lag)).toEqual([0, 0]);
    expect(ownProjections.projectors.map((projector) => projector.lag_events)).toEqual([0, 0]);
  });
});
