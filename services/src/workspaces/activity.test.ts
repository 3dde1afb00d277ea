import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKSPACE_NOT_FOUND } from '@linkledger/contracts';
import { signIn, startTestApp, type Session, type TestApp } from '../testing/test-app.ts';
import { callInWorkspace, launchTeam } from '../testing/workspaces.ts';
import { recordLinkExpired } from '../links/link-expiry.ts';
import { givePlan } from '../testing/plans.ts';
import { activityPage, NO_SUCH_LINK_HERE } from './activity-page.ts';

interface Entry {
  position: number;
  at: string;
  type: string;
  actor: { kind: string; id: string; name: string } | null;
  link_id: number | null;
  summary: string;
}
interface Page {
  events: Entry[];
  older: number | null;
}

let t: TestApp;
let root: Pick<Session, 'headers'>;
let asha: Session;
let ben: Session;
let vikram: Session;
let outsider: Session;
let team: number;
let benName: string;
let saleLink: { id: number; short_code: string; before: string; after: string };
let otherLink: number;

/** A request as a caller, in the workspace named, or in their personal one for null. */
const call = (caller: Pick<Session, 'headers'>, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, workspace: number | null, payload?: object) =>
  callInWorkspace(t, caller, method, url, workspace, payload);
const activity = async (session: Session, query: Record<string, string | number> = {}, workspace = team) =>
  t.app.inject({
    method: 'GET',
    url: `/api/workspaces/${workspace}/activity`,
    headers: session.headers,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });
const page = async (session: Session, query: Record<string, string | number> = {}, workspace = team): Promise<Page> => {
  const answer = await activity(session, query, workspace);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<Page>();
};

const HOSTILE_TITLE = '<script>alert("x")</script> & "quotes"';

beforeAll(async () => {
  t = await startTestApp({ REGISTRATIONS_PER_IP: '0' });
  ({ asha, outsider, team, ben, vikram } = await launchTeam(t));
  root = await signIn(t.app, 'root@example.com'); // the installation's first account: its super admin
  benName = (await call(ben, 'GET', '/api/users/me', null)).json<{ username: string }>().username;

  // The outsider's own link, edited in their own workspace: none of it is the team's.
  const outside = await call(outsider, 'POST', '/api/urls', null, { original_url: 'https://outsider.example/secret-plan' });
  otherLink = outside.json<{ id: number }>().id;
  await call(outsider, 'PATCH', `/api/urls/${otherLink}`, null, { title: 'Outsider only' });

  const made = await call(ben, 'POST', '/api/urls', team, { original_url: 'https://a.example/spring' });
  expect(made.statusCode, made.body).toBe(201);
  const link = made.json<{ id: number; short_code: string; original_url: string }>();
  const edited = await call(ben, 'PATCH', `/api/urls/${link.id}`, team, { original_url: 'https://b.example/spring' });
  expect(edited.statusCode, edited.body).toBe(200);
  saleLink = { id: link.id, short_code: link.short_code, before: link.original_url, after: edited.json<{ original_url: string }>().original_url };
  await call(asha, 'POST', '/api/urls', team, { original_url: 'https://c.example/', title: HOSTILE_TITLE });
  await call(asha, 'PATCH', `/api/workspaces/${team}`, null, { name: 'Launch crew' });
});
afterAll(() => t.close());

describe('GET /api/workspaces/{id}/activity', () => {
  it('a member edits a link’s destination: the owner reads the sentence with the member’s name, the old and the new destination', async () => {
    const { events } = await page(asha);
    const edit = events.find((entry) => entry.type === 'LinkUpdated' && entry.link_id === saleLink.id)!;
    expect(edit.actor).toEqual({ kind: 'user', id: String(ben.user.id), name: benName });
    expect(edit.summary).toBe(`${benName} changed the destination of /${saleLink.short_code} from ${saleLink.before} to ${saleLink.after}`);
    // Newest first: the rename came last.
    expect(events[0]!.summary).toMatch(/renamed the workspace to “Launch crew”$/);
    expect(events.map((entry) => entry.position)).toEqual([...events.map((entry) => entry.position)].sort((a, b) => b - a));
  });

  it('holds the workspace’s own events, with invite addresses masked, and nothing of another workspace', async () => {
    const answer = await activity(asha);
    const { events } = answer.json<Page>();
    const types = new Set(events.map((entry) => entry.type));
    for (const type of ['WorkspaceCreated', 'WorkspaceInviteSent', 'WorkspaceInviteAccepted', 'LinkCreated', 'LinkUpdated', 'WorkspaceRenamed'])
      expect(types).toContain(type);
    const joined = events.find((entry) => entry.type === 'WorkspaceInviteAccepted' && entry.actor?.id === String(ben.user.id))!;
    expect(joined.summary).toBe(`${benName} joined as member`);
    expect(events.some((entry) => entry.type === 'Clicked' || entry.type === 'LinkPlaced' || entry.type.startsWith('WorkspaceInviteToken'))).toBe(false);
    expect(events.some((entry) => entry.link_id === otherLink)).toBe(false);
    expect(answer.body).not.toContain('outsider');
    expect(answer.body).not.toContain('ben@example.com');
    expect(answer.body).not.toContain('vikram@example.com');
    expect(events.filter((entry) => entry.type === 'WorkspaceInviteSent').every((entry) => /invited \S+\*\S*@\S+ as /.test(entry.summary))).toBe(true);
  });

  it('a hostile link title comes back as data inside the JSON, not markup the server made', async () => {
    const answer = await activity(asha);
    const created = answer.json<Page>().events.find((entry) => entry.type === 'LinkCreated' && entry.summary.includes('c.example'))!;
    expect(created.summary).toMatch(/^asha\S* created \/\S+, leading to https:\/\/c\.example\/$/);
    const titled = await call(asha, 'PATCH', `/api/urls/${created.link_id}`, team, { title: 'Calm' });
    expect(titled.statusCode, titled.body).toBe(200);
    const renamed = (await page(asha, { link: created.link_id! })).events[0]!;
    expect(renamed.summary).toContain(`from “${HOSTILE_TITLE}” to “Calm”`);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
  });

  it('filters by member (what they did) and by link', async () => {
    const bens = (await page(asha, { member: ben.user.id })).events;
    expect(bens.length).toBeGreaterThanOrEqual(3); // joined, created, edited
    expect(bens.every((entry) => entry.actor?.id === String(ben.user.id))).toBe(true);
    const ofLink = (await page(vikram, { link: saleLink.id })).events;
    expect(ofLink.map((entry) => entry.type)).toEqual(['LinkUpdated', 'LinkCreated']);
    expect(ofLink.every((entry) => entry.link_id === saleLink.id)).toBe(true);
    // Another workspace's link is not one of this workspace's.
    const foreign = await activity(asha, { link: otherLink });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().detail).toBe(NO_SUCH_LINK_HERE);
    expect((await activity(asha, { link: 987654 })).statusCode).toBe(404);
  });

  it('pages by position: following `older` gives every entry once, in the same order as one page', async () => {
    const whole = (await page(asha, { limit: 100 })).events;
    const paged: Entry[] = [];
    let query: Record<string, number> = { limit: 2 };
    for (;;) {
      const next = await page(asha, query);
      expect(next.events.length).toBeLessThanOrEqual(2);
      paged.push(...next.events);
      if (next.older === null) break;
      query = { limit: 2, before: next.older };
    }
    expect(paged.map((entry) => entry.position)).toEqual(whole.map((entry) => entry.position));
    expect((await page(asha, { limit: 100 })).older).toBeNull();
  });

  it('reads past other workspaces’ events at most a budget per page: a short page still says where to go on, and nothing is skipped', async () => {
    // The newest events of the log are the outsider's.
    for (const title of ['one', 'two', 'three', 'four']) await call(outsider, 'PATCH', `/api/urls/${otherLink}`, null, { title });
    const whole = (await page(asha, { limit: 100 })).events.map((entry) => entry.position);
    const small = { batch: 2, budget: 3 };
    const first = await activityPage(t.platform, team, { limit: 5 }, small);
    expect(first.events).toEqual([]);
    expect(first.older).not.toBeNull();
    const positions: number[] = [];
    let older: number | null = first.older;
    while (older !== null) {
      const next = await activityPage(t.platform, team, { limit: 5, before: older }, small);
      positions.push(...next.events.map((entry) => entry.position));
      older = next.older;
    }
    expect(positions).toEqual(whole);
  });

  it('a viewer reads it; an outsider gets 404 before the query is looked at; unknown or malformed query fields are refused by name', async () => {
    expect((await activity(vikram)).statusCode).toBe(200);
    const outside = await activity(outsider);
    expect(outside.statusCode).toBe(404);
    expect(outside.json().detail).toBe(WORKSPACE_NOT_FOUND);
    // Another user's personal workspace is no different.
    expect((await activity(outsider, {}, asha.user.id)).statusCode).toBe(404);
    const unknown = await activity(asha, { actor: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toContain('actor');
    expect((await activity(asha, { limit: 101 })).statusCode).toBe(400);
    expect((await activity(outsider, { nonsense: 1 })).statusCode).toBe(404);
  });

  it('a link made with an API key reads as done by "API key" in the personal workspace', async () => {
    const issued = await call(ben, 'POST', '/api/users/me/generate-api-key', null);
    expect(issued.statusCode, issued.body).toBe(201);
    const key = issued.json<{ api_key: string }>().api_key;
    const made = await t.app.inject({ method: 'POST', url: '/api/urls/api', headers: { 'x-api-key': key }, payload: { original_url: 'https://key.example/' } });
    expect(made.statusCode, made.body).toBe(201);
    const [newest] = (await page(ben, {}, ben.user.id)).events;
    expect(newest!.actor).toMatchObject({ kind: 'api_key', name: 'API key' });
    expect(newest!.summary).toMatch(/^API key created \/\S+, leading to https:\/\/key\.example\/$/);
    expect(JSON.stringify(newest)).not.toContain(key);
  });

  it('a deleted link keeps its history; moderation is told without naming the admin', async () => {
    // In asha's personal workspace: an admin's moderation finds a link's owner among users.
    const made = await call(asha, 'POST', '/api/urls', null, { original_url: 'https://d.example/' });
    const link = made.json<{ id: number; short_code: string }>();
    const disabled = await call(root, 'POST', `/api/admin/links/${link.id}/disable`, null, { reason: 'Phishing reported' });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await call(asha, 'DELETE', `/api/urls/${link.id}`, null)).statusCode).toBe(200);
    const answer = await activity(asha, { link: link.id }, asha.user.id);
    const { events } = answer.json<Page>();
    expect(events.map((entry) => entry.type)).toEqual(['LinkDeleted', 'LinkModerated', 'LinkCreated']);
    expect(events[0]!.summary).toMatch(new RegExp(`^\\S+ deleted /${link.short_code}$`));
    expect(events[1]).toMatchObject({ actor: null, summary: `/${link.short_code} was disabled by moderation: Phishing reported` });
    const rootName = (await call(root, 'GET', '/api/users/me', null)).json<{ username: string }>().username;
    expect(answer.body).not.toContain(rootName);
  });

  it('a smart link: which controls an edit changed (never the password), its expiry and why, a promoted variant', async () => {
    await givePlan(t.platform, asha.user.id, 'enterprise');
    const made = await call(asha, 'POST', '/api/urls', null, {
      original_url: 'https://e.example/',
      max_clicks: 3,
      variants: [
        { url: 'https://e.example/a', weight: 50 },
        { url: 'https://e.example/b', weight: 50 },
      ],
    });
    expect(made.statusCode, made.body).toBe(201);
    const link = made.json<{ id: number; short_code: string }>();
    const secret = 'open sesame 42';
    const locked = await call(asha, 'PATCH', `/api/urls/${link.id}`, null, { password: secret, max_clicks: null, expires_at: '2027-01-15T00:00:00.000Z' });
    expect(locked.statusCode, locked.body).toBe(200);
    await recordLinkExpired(t.platform.events, new Date('2027-01-15T00:00:01.000Z'), { linkId: link.id, reason: 'expires_at' });
    const promoted = await call(asha, 'POST', `/api/urls/${link.id}/promote-variant`, null, { variant: 2 });
    expect(promoted.statusCode, promoted.body).toBe(200);
    const unlocked = await call(asha, 'PATCH', `/api/urls/${link.id}`, null, { password: null });
    expect(unlocked.statusCode, unlocked.body).toBe(200);

    const answer = await activity(asha, { link: link.id }, asha.user.id);
    const { events } = answer.json<Page>();
    const path = `/${link.short_code}`;
    expect(events.map((entry) => [entry.type, entry.actor?.kind ?? null, entry.summary.replace(/^\S+ /, '')])).toEqual([
      ['LinkUpdated', 'user', `edited ${path}: removed the password`],
      ['LinkVariantPromoted', 'user', `promoted variant 2 of ${path} (https://e.example/b) as the destination, ending its A/B test`],
      ['LinkExpired', null, 'expired at its expiry time'],
      ['LinkUpdated', 'user', `edited ${path}: set the expiry date to 15 Jan 2027, removed the click limit and set a password`],
      ['LinkCreated', 'user', `created ${path}, leading to https://e.example/`],
    ]);
    expect(answer.body).not.toContain(secret);
    expect(answer.body).not.toContain('scrypt');
  });

  it('tags and folders made, renamed, merged and deleted read as sentences with their names before and after; not for a reader without links', async () => {
    const labelled = await call(ben, 'POST', '/api/urls', team, { original_url: 'https://f.example/', tags: ['Launch', 'Lunch'], folder: 'Q4 <b>plan</b>' });
    expect(labelled.statusCode, labelled.body).toBe(201);
    const tags = (await call(asha, 'GET', '/api/tags', team)).json<{ id: number; name: string }[]>();
    const idOf = (name: string) => tags.find((tag) => tag.name === name)!.id;
    const [folder] = (await call(asha, 'GET', '/api/folders', team)).json<{ id: number }[]>();
    for (const [method, url, body] of [
      ['PATCH', `/api/tags/${idOf('Launch')}`, { name: 'Liftoff', color: 'green' }],
      ['PATCH', `/api/tags/${idOf('Lunch')}`, { color: '#112233' }],
      ['POST', `/api/tags/${idOf('Lunch')}/merge`, { into: idOf('Launch') }],
      ['PATCH', `/api/folders/${folder!.id}`, { name: 'Q1 plan' }],
      ['DELETE', `/api/folders/${folder!.id}`, undefined],
      ['DELETE', `/api/tags/${idOf('Launch')}`, undefined],
    ] as const) {
      const answer = await call(asha, method, url, team, body);
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const { events } = await page(asha, { limit: 10 });
    const labels = events.filter((entry) => entry.type.startsWith('Tag') || entry.type.startsWith('Folder'));
    expect(labels.map((entry) => [entry.type, entry.summary.replace(/^\S+ /, '')])).toEqual([
      ['TagDeleted', 'deleted the tag “Liftoff”'],
      ['FolderDeleted', 'deleted the folder “Q1 plan”'],
      ['FolderRenamed', 'renamed the folder “Q4 <b>plan</b>” to “Q1 plan”'],
      ['TagsMerged', 'merged the tag “Lunch” into “Liftoff”'],
      ['TagChanged', 'recoloured the tag “Lunch” from gray to #112233'],
      ['TagChanged', 'renamed the tag “Launch” to “Liftoff” and recoloured it green'],
      ['FolderCreated', 'created the folder “Q4 <b>plan</b>”'],
      ['TagCreated', 'created the tag “Lunch”'],
      ['TagCreated', 'created the tag “Launch”'],
    ]);
    expect(labels.every((entry) => entry.link_id === null)).toBe(true);
    expect(
      labels.filter((entry) => entry.type !== 'TagCreated' && entry.type !== 'FolderCreated').every((entry) => entry.actor?.id === String(asha.user.id)),
    ).toBe(true);
    const withoutLinks = await activityPage(t.platform, team, { limit: 50, withoutLinks: true });
    expect(withoutLinks.events.some((entry) => entry.type.startsWith('Tag') || entry.type.startsWith('Folder'))).toBe(false);
  });

  it('a member whose account is deleted reads as "deleted account", their address nowhere', async () => {
    const deleted = await call(vikram, 'POST', '/api/settings/account/delete', null, { password: 'correct horse', confirm_email: 'vikram@example.com' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await expect
      .poll(
        async () => (await page(asha)).events.find((entry) => entry.type === 'WorkspaceInviteAccepted' && entry.actor?.id === String(vikram.user.id))?.summary,
      )
      .toBe('deleted account joined as viewer');
    expect((await activity(asha)).body).not.toContain('vikram');
  });
});
