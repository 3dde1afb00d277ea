import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKSPACE_NOT_FOUND } from '@linkledger/contracts';
import { MEMBERSHIP_ENDED } from '../live/hub.ts';
import { roleRefusal } from '../http/access.ts';
import { eventually, within } from '../testing/eventually.ts';
import { liveClient } from '../testing/live-client.ts';
import { teamOnPro } from '../testing/workspaces.ts';
import { startTestApp, type Session, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let baseUrl: string;
let asha: Session;
let ben: Session;
let bina: Session;
let outsider: Session;
let team: number;

beforeAll(async () => {
  t = await startTestApp({ REGISTRATIONS_PER_IP: '0' });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  ({
    asha,
    outsider,
    team,
    members: { ben, bina },
  } = await teamOnPro(t, 'live-team', { ben: 'viewer', bina: 'billing' }));
});
afterAll(() => t.close());

describe('live clicks of a workspace (docs/workspaces.md#live-clicks)', () => {
  it('reach every member watching the workspace, not the members’ personal sockets', async () => {
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/urls',
      headers: { ...asha.headers, 'x-workspace-id': String(team) },
      payload: { original_url: 'https://example.com/live' },
    });
    expect(link.statusCode, link.body).toBe(201);
    const { id, short_code } = link.json<{ id: number; short_code: string }>();
    const [owner, viewer, viewersPersonal] = [
      await liveClient(baseUrl, asha.token, team),
      await liveClient(baseUrl, ben.token, team),
      await liveClient(baseUrl, ben.token),
    ];
    for (const socket of [owner, viewer, viewersPersonal]) expect(socket.messages).toEqual([{ type: 'ready' }]);

    const visit = await fetch(`${baseUrl}/${short_code}`, {
      redirect: 'manual',
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0', 'x-forwarded-for': '8.8.8.8' },
    });
    expect(visit.status).toBe(302);
    await eventually(() => owner.clicks().length === 1 && viewer.clicks().length === 1, 5000, 'the click on both team sockets');
    expect(viewer.clicks()[0]).toMatchObject({ url_id: id, total_clicks: 1 });
    await new Promise((r) => setTimeout(r, 300));
    expect(viewersPersonal.clicks()).toEqual([]);
    for (const socket of [owner, viewer, viewersPersonal]) socket.close();
  });

  it('refuses a workspace the caller is not a member of, and a role that does not read analytics', async () => {
    const stranger = await liveClient(baseUrl, outsider.token, team);
    expect(stranger.messages).toEqual([{ type: 'error', detail: WORKSPACE_NOT_FOUND }]);
    expect((await stranger.closedWith).code).toBe(4404);
    const billing = await liveClient(baseUrl, bina.token, team);
    expect(billing.messages).toEqual([{ type: 'error', detail: roleRefusal('billing') }]);
    expect((await billing.closedWith).code).toBe(4403);
  });

  it('closes a removed member’s socket on that workspace within a second', async () => {
    const socket = await liveClient(baseUrl, ben.token, team);
    const ownerSocket = await liveClient(baseUrl, asha.token, team);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/workspaces/${team}/members/${ben.user.id}`, headers: asha.headers });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await within(1000, socket.closedWith)).toEqual({ code: MEMBERSHIP_ENDED.code, reason: MEMBERSHIP_ENDED.reason });
    await new Promise((r) => setTimeout(r, 200));
    // The owner's socket stays open; it is told of the removal as activity (docs/workspaces.md#live-activity).
    expect(ownerSocket.messages.filter((message) => message.type !== 'activity')).toEqual([{ type: 'ready' }]);
    ownerSocket.close();
  });
});
