import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKSPACE_NOT_FOUND, type WorkspaceRole } from '@linkledger/contracts';
import { MEMBERSHIP_ENDED } from '../live/hub.ts';
import { eventually, within } from '../testing/eventually.ts';
import { liveClient } from '../testing/live-client.ts';
import { linkInWorkspace, teamOnPro } from '../testing/workspaces.ts';
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

/** A link Asha creates in the team. */
const teamLink = (originalUrl: string) => linkInWorkspace(t, asha, team, originalUrl);

/** Asha gives Ben another role in the team. */
async function giveBen(role: WorkspaceRole): Promise<void> {
  const changed = await t.app.inject({ method: 'PATCH', url: `/api/workspaces/${team}/members/${ben.user.id}`, headers: asha.headers, payload: { role } });
  expect(changed.statusCode, changed.body).toBe(200);
}

/** A human's visit of a short link, which counts as a click. */
async function visit(shortCode: string): Promise<void> {
  const answer = await fetch(`${baseUrl}/${shortCode}`, {
    redirect: 'manual',
    headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0', 'x-forwarded-for': '8.8.8.8' },
  });
  expect(answer.status).toBe(302);
}

describe('live clicks of a workspace (docs/workspaces.md#live-clicks)', () => {
  it('reach every member watching the workspace, not the members’ personal sockets', async () => {
    const { id, short_code } = await teamLink('https://example.com/live');
    const [owner, viewer, viewersPersonal] = [
      await liveClient(baseUrl, asha.token, team),
      await liveClient(baseUrl, ben.token, team),
      await liveClient(baseUrl, ben.token),
    ];
    for (const socket of [owner, viewer, viewersPersonal]) expect(socket.messages).toEqual([{ type: 'ready' }]);

    await visit(short_code);
    await eventually(() => owner.clicks().length === 1 && viewer.clicks().length === 1, 5000, 'the click on both team sockets');
    expect(viewer.clicks()[0]).toMatchObject({ url_id: id, total_clicks: 1 });
    await new Promise((r) => setTimeout(r, 300));
    expect(viewersPersonal.clicks()).toEqual([]);
    for (const socket of [owner, viewer, viewersPersonal]) socket.close();
  });

  it('refuses a workspace the caller is not a member of', async () => {
    const stranger = await liveClient(baseUrl, outsider.token, team);
    expect(stranger.messages).toEqual([{ type: 'error', detail: WORKSPACE_NOT_FOUND }]);
    expect((await stranger.closedWith).code).toBe(4404);
  });

  it('admits a billing member, who is sent the workspace’s own activity but not its links’ entries or clicks', async () => {
    const [billing, owner] = [await liveClient(baseUrl, bina.token, team), await liveClient(baseUrl, asha.token, team)];
    expect(billing.messages).toEqual([{ type: 'ready' }]);
    const { id, short_code } = await teamLink('https://example.com/billing-watch');
    await eventually(() => owner.activities().length === 1, 5000, 'the new link on the owner’s socket');
    expect(owner.activities()[0]!.entry).toMatchObject({ type: 'LinkCreated', link_id: id });

    await visit(short_code);
    await eventually(() => owner.clicks().length === 1, 5000, 'the click on the owner’s socket');
    await new Promise((r) => setTimeout(r, 300));
    // As on the Activity page (docs/workspaces.md#live-activity): no link entry, so no destination, and no click.
    expect(billing.activities()).toEqual([]);
    expect(billing.clicks()).toEqual([]);

    // The workspace's own events reach them.
    await giveBen('member');
    await eventually(() => billing.activities().length === 1, 5000, 'the role change on the billing member’s socket');
    expect(billing.activities()[0]!.entry.type).toBe('WorkspaceMemberRoleChanged');
    await giveBen('viewer');
    for (const socket of [billing, owner]) socket.close();
  });

  it('keeps the socket of a viewer made a billing member open, and stops sending it clicks', async () => {
    const { short_code } = await teamLink('https://example.com/role-change');
    const [viewer, owner] = [await liveClient(baseUrl, ben.token, team), await liveClient(baseUrl, asha.token, team)];
    await giveBen('billing');
    await eventually(() => viewer.activities().some((message) => message.entry.type === 'WorkspaceMemberRoleChanged'), 5000, 'the role change on his socket');

    await visit(short_code);
    await eventually(() => owner.clicks().length === 1, 5000, 'the click on the owner’s socket');
    await new Promise((r) => setTimeout(r, 300));
    expect(viewer.clicks()).toEqual([]);
    // Still a member: the socket stays open.
    expect(await Promise.race([viewer.closedWith, new Promise((resolve) => setTimeout(() => resolve('open'), 0))])).toBe('open');
    await giveBen('viewer');
    for (const socket of [viewer, owner]) socket.close();
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
