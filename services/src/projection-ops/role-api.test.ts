import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectionsReport } from '@linkledger/contracts';
import { startTestApp, startWithSuperAdmin, type Session, type TestApp } from '../testing/test-app.ts';

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
});
