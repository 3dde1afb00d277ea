import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceActivity } from '@linkledger/contracts';
import { MEMBERSHIP_ENDED } from '../live/hub.ts';
import { eventually, within } from '../testing/eventually.ts';
import { liveClient } from '../testing/live-client.ts';
import { teamOnPro } from '../testing/workspaces.ts';
import { startTestApp, type Session, type TestApp } from '../testing/test-app.ts';

/*
 * The live Activity feed (docs/workspaces.md#live-activity): each new event of a workspace reaches
 * the sockets of its members watching it, as the very entry the activity call gives, and no one
 * else's — over a real websocket on a real server.
 */
describe('live activity of a workspace', () => {
  let t: TestApp;
  let baseUrl: string;
  let asha: Session;
  let ben: Session;
  let vikram: Session;
  let outsider: Session;
  let bina: Session;
  let team: number;

  const newest = async (session: Session) => {
    const page = await t.app.inject({ method: 'GET', url: `/api/workspaces/${team}/activity?limit=1`, headers: session.headers });
    expect(page.statusCode, page.body).toBe(200);
    return page.json<WorkspaceActivity>().events[0]!;
  };

  beforeAll(async () => {
    t = await startTestApp({ REGISTRATIONS_PER_IP: '0' });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    ({
      asha,
      outsider,
      team,
      members: { ben, vikram, bina },
    } = await teamOnPro(t, 'launch-team', { ben: 'member', vikram: 'viewer', bina: 'billing' }));
  });
  afterAll(() => t.close());

  it('pushes a member’s new link to every member watching the workspace, as the activity call shows it, and to nobody else', async () => {
    const [owner, viewer, bensPersonal, stranger, billing] = [
      await liveClient(baseUrl, asha.token, team),
      await liveClient(baseUrl, vikram.token, team),
      await liveClient(baseUrl, ben.token),
      await liveClient(baseUrl, outsider.token),
      await liveClient(baseUrl, bina.token, team),
    ];
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/urls',
      headers: { ...ben.headers, 'x-workspace-id': String(team) },
      payload: { original_url: 'https://example.com/spring' },
    });
    expect(created.statusCode, created.body).toBe(201);

    await eventually(() => owner.activities().length === 1 && viewer.activities().length === 1, 5000, 'the new link on both team sockets');
    const entry = await newest(asha);
    expect(entry).toMatchObject({ type: 'LinkCreated', actor: { kind: 'user', name: 'ben' }, link_id: created.json<{ id: number }>().id });
    expect(entry.summary).toContain('https://example.com/spring');
    for (const socket of [owner, viewer]) expect(socket.activities()).toEqual([{ type: 'activity', workspace_id: team, entry }]);
    await new Promise((r) => setTimeout(r, 300));
    // Ben's own personal workspace and an outsider's are other workspaces: they hear nothing of the team's.
    expect([bensPersonal.activities(), stranger.activities()]).toEqual([[], []]);
    // A billing member reads the workspace but not its links: as on the Activity page, no link entry (nor its destination) reaches them.
    expect(billing.activities()).toEqual([]);

    // A later event of the link (its workspace found from the link's creation) follows, in order.
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/urls/${entry.link_id}`,
      headers: { ...ben.headers, 'x-workspace-id': String(team) },
      payload: { title: 'Spring sale' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await eventually(() => owner.activities().length === 2, 5000, 'the edit on the owner’s socket');
    expect(owner.activities().map((message) => message.entry)).toEqual([entry, await newest(asha)]);
    expect(owner.activities()[1]!.entry.summary).toContain('“Spring sale”');
    expect(billing.activities()).toEqual([]);
    for (const socket of [owner, viewer, bensPersonal, stranger, billing]) socket.close();
  });

  it('pushes a folder renamed on the workspace’s labels stream, as the activity call shows it', async () => {
    const inTeam = { ...asha.headers, 'x-workspace-id': String(team) };
    const made = await t.app.inject({ method: 'POST', url: '/api/folders', headers: inTeam, payload: { name: 'Drafts' } });
    expect(made.statusCode, made.body).toBe(201);
    const owner = await liveClient(baseUrl, asha.token, team);
    const renamed = await t.app.inject({ method: 'PATCH', url: `/api/folders/${made.json<{ id: number }>().id}`, headers: inTeam, payload: { name: 'Final' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await eventually(() => owner.activities().length === 1, 5000, 'the rename on the owner’s socket');
    const entry = await newest(asha);
    expect(entry).toMatchObject({ type: 'FolderRenamed', link_id: null });
    expect(entry.summary).toMatch(/ renamed the folder “Drafts” to “Final”$/);
    expect(owner.activities()).toEqual([{ type: 'activity', workspace_id: team, entry }]);
    owner.close();
  });

  it('tells the others of a removal, a billing member too, and not the member removed, whose socket closes', async () => {
    const owner = await liveClient(baseUrl, asha.token, team);
    const billing = await liveClient(baseUrl, bina.token, team);
    const removedOne = await liveClient(baseUrl, vikram.token, team);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/workspaces/${team}/members/${vikram.user.id}`, headers: asha.headers });
    expect(removed.statusCode, removed.body).toBe(200);

    expect(await within(1000, removedOne.closedWith)).toEqual({ code: MEMBERSHIP_ENDED.code, reason: MEMBERSHIP_ENDED.reason });
    await eventually(() => owner.activities().length === 1, 5000, 'the removal on the owner’s socket');
    expect(owner.activities()[0]!.entry).toEqual(await newest(asha));
    expect(owner.activities()[0]!.entry.type).toBe('WorkspaceMemberRemoved');
    expect(removedOne.activities()).toEqual([]);
    await eventually(() => billing.activities().length === 1, 5000, 'the removal on the billing member’s socket');
    expect(billing.activities()[0]!.entry.type).toBe('WorkspaceMemberRemoved');
    owner.close();
    billing.close();
  });
});
