import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOM_DOMAINS, LINKS } from '@linkledger/projections';
import { startTestApp, type Session, type TestApp } from '../testing/test-app.ts';
import { teamOnPro } from '../testing/workspaces.ts';
import { OWNERS_ONLY } from './workspace-deciders.ts';

let t: TestApp;
let asha: Session;
let admin: Session;
let team: number;

const inTeam = (session: Session) => ({ ...session.headers, 'x-workspace-id': String(team) });

beforeAll(async () => {
  t = await startTestApp({ REGISTRATIONS_PER_IP: '0' });
  ({
    asha,
    team,
    members: { admin },
  } = await teamOnPro(t, 'doomed-team', { admin: 'admin' }));
});
afterAll(() => t.close());

describe('deleting a team workspace (docs/workspaces.md#deleting-a-workspace)', () => {
  it('an admin may not delete it, and nothing of it is deleted; the owner deletes it with its links and domains', async () => {
    const codes: string[] = [];
    for (const n of [1, 2, 3]) {
      const created = await t.app.inject({ method: 'POST', url: '/api/urls', headers: inTeam(admin), payload: { original_url: `https://example.com/${n}` } });
      expect(created.statusCode, created.body).toBe(201);
      codes.push(created.json<{ short_code: string }>().short_code);
    }
    const domain = await t.app.inject({ method: 'POST', url: '/api/custom-domains', headers: inTeam(admin), payload: { domain: 'go.doomed-team.in' } });
    expect(domain.statusCode, domain.body).toBe(201);

    const refused = await t.app.inject({ method: 'DELETE', url: `/api/workspaces/${team}`, headers: admin.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(OWNERS_ONLY);
    expect(await t.platform.read.count(LINKS, { owner_id: team })).toBe(3);
    expect((await t.app.inject({ url: `/${codes[0]}` })).statusCode).toBe(302);

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/workspaces/${team}`, headers: asha.headers });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.platform.read.count(LINKS, { owner_id: team })).toBe(0);
    expect(await t.platform.read.count(CUSTOM_DOMAINS, { owner_id: team })).toBe(0);
    for (const code of codes) expect((await t.app.inject({ url: `/${code}` })).statusCode).toBe(404);
    // The name is free again: another workspace may claim it.
    const again = await t.app.inject({ method: 'POST', url: '/api/custom-domains', headers: asha.headers, payload: { domain: 'go.doomed-team.in' } });
    expect(again.statusCode).not.toBe(409);
    const listed = await t.app.inject({ url: '/api/workspaces', headers: admin.headers });
    expect(listed.json<{ workspaces: { id: number }[] }>().workspaces.map((w) => w.id)).not.toContain(team);
  });
});
