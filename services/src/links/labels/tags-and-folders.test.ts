import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { CHROME } from '../../testing/http-client.ts';
import { givePlan } from '../../testing/plans.ts';
import { projectorsCaughtUp } from '../../testing/projectors.ts';
import { signUp, startTestApp, type TestApp } from '../../testing/test-app.ts';
import { callInWorkspace, teamOnPro } from '../../testing/workspaces.ts';

const HOSTILE = '=1+1 "<script>alert(1)</script>';

describe('tags and folders (docs/links.md#tags-and-folders)', () => {
  let t: TestApp;
  const now = new Date('2026-11-20T10:00:00.000Z');
  let headers: Record<string, string>;
  let userId: number;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1' }, { clock: () => now });
    const session = await signUp(t.app, 'tagger@example.com');
    headers = session.headers;
    userId = session.user.id;
    await givePlan(t.platform, userId, 'pro');
  });
  afterAll(async () => t.close());

  type Link = { id: number; short_code: string; tags: string[]; folder: string | null };
  const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const create = async (payload: object) => {
    const response = await send('POST', '/api/urls', { original_url: 'https://example.com/x', ...payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Link>();
  };
  const list = async (query: string) =>
    (await send('GET', `/api/urls?limit=100&${query}`))
      .json<Link[]>()
      .map((link) => link.id)
      .sort((a, b) => a - b);
  const tags = async () => (await send('GET', '/api/tags')).json<{ id: number; name: string; color: string; link_count: number }[]>();
  const tagId = async (name: string) => (await tags()).find((tag) => tag.name === name)!.id;

  it('creates the tags and folder a link names (matching existing ones ignoring case) and answers them by name', async () => {
    const first = await create({ tags: ['Launch', 'Press'], folder: 'Q4' });
    expect(first).toMatchObject({ tags: ['Launch', 'Press'], folder: 'Q4' });
    const second = await create({ tags: ['launch', 'LAUNCH', 'Social'], folder: 'q4' });
    expect(second).toMatchObject({ tags: ['Launch', 'Social'], folder: 'Q4' });
    expect((await tags()).map(({ name, color, link_count }) => ({ name, color, link_count }))).toEqual([
      { name: 'Launch', color: 'gray', link_count: 2 },
      { name: 'Press', color: 'gray', link_count: 1 },
      { name: 'Social', color: 'gray', link_count: 1 },
    ]);
    expect((await send('GET', '/api/folders')).json()).toEqual([{ id: 1, name: 'Q4', link_count: 2 }]);
    const edited = (await send('PATCH', `/api/urls/${first.id}`, { tags: ['Social'], folder: null })).json<Link>();
    expect(edited).toMatchObject({ tags: ['Social'], folder: null });
    expect((await send('GET', `/api/urls/${first.id}`)).json()).toMatchObject({ tags: ['Social'], folder: null });
    // A folder alone leaves the tags as they are.
    expect((await send('PATCH', `/api/urls/${first.id}`, { folder: 'Q4' })).json()).toMatchObject({ tags: ['Social'], folder: 'Q4' });
  });

  it('refuses a second tag or folder of the same name (ignoring case), a bad colour and an unknown field', async () => {
    expect((await send('POST', '/api/tags', { name: 'launch' })).statusCode).toBe(409);
    expect((await send('POST', '/api/folders', { name: 'q4' })).statusCode).toBe(409);
    const badColor = await send('POST', '/api/tags', { name: 'Ads', color: 'mauve' });
    expect([badColor.statusCode, badColor.json().detail]).toEqual([400, expect.stringContaining('olor must be one of gray')]);
    const unknown = await send('POST', '/api/tags', { name: 'Ads', shade: 'red' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toContain('shade');
    expect((await send('PATCH', `/api/tags/${await tagId('Press')}`, { name: 'SOCIAL' })).statusCode).toBe(409);
    expect((await send('PATCH', '/api/tags/999', { color: 'red' })).statusCode).toBe(404);
  });

  it('filters the list by tag (any or all) and by folder, counting a merged tag with its target', async () => {
    const a = await create({ tags: ['Alpha', 'Beta'], folder: 'Box' });
    const b = await create({ tags: ['Beta'] });
    const c = await create({ tags: ['Gamma'], folder: 'Box' });
    expect(await list('tag=Beta')).toEqual([a.id, b.id]);
    expect(await list('tag=alpha&tag=gamma')).toEqual([a.id, c.id]);
    expect(await list('tag=Alpha&tag=Beta&tag_mode=all')).toEqual([a.id]);
    expect(await list('tag=Alpha&tag=Nobody&tag_mode=all')).toEqual([]);
    expect(await list('tag=Nobody')).toEqual([]);
    expect(await list('folder=box')).toEqual([a.id, c.id]);
    expect(await list('folder=box&tag=Beta')).toEqual([a.id]);
    expect((await send('GET', '/api/urls?tag_mode=some')).statusCode).toBe(400);

    // Gamma merged into Beta: c now reads and filters as Beta, and Gamma's name is free.
    const merged = await send('POST', `/api/tags/${await tagId('Gamma')}/merge`, { into: await tagId('Beta') });
    expect(merged.json()).toMatchObject({ name: 'Beta', link_count: 3 });
    expect((await send('GET', `/api/urls/${c.id}`)).json()).toMatchObject({ tags: ['Beta'] });
    expect(await list('tag=Beta')).toEqual([a.id, b.id, c.id]);
    expect(await list('tag=Gamma')).toEqual([]);
    expect(await list('tag=Beta&tag=Box&tag_mode=all')).toEqual([]);
    expect(await list('tag=Beta&tag=Alpha&tag_mode=all')).toEqual([a.id]);
    // A link carrying both reads the target once.
    const both = await create({ tags: ['Delta', 'Epsilon'] });
    await send('POST', `/api/tags/${await tagId('Delta')}/merge`, { into: await tagId('Epsilon') });
    expect((await send('GET', `/api/urls/${both.id}`)).json()).toMatchObject({ tags: ['Epsilon'] });
    expect(await list('tag=Epsilon&tag=Beta&tag_mode=all')).toEqual([]);

    // A rename shows on every link at once; a deleted tag or folder reads as nothing.
    await send('PATCH', `/api/tags/${await tagId('Beta')}`, { name: 'Bravo', color: '#AA00ff' });
    expect((await send('GET', `/api/urls/${b.id}`)).json()).toMatchObject({ tags: ['Bravo'] });
    expect((await tags()).find((tag) => tag.name === 'Bravo')?.color).toBe('#aa00ff');
    expect((await send('DELETE', `/api/tags/${await tagId('Alpha')}`)).statusCode).toBe(200);
    expect((await send('GET', `/api/urls/${a.id}`)).json()).toMatchObject({ tags: ['Bravo'], folder: 'Box' });
    expect(await list('tag=Alpha')).toEqual([]);
    const box = (await send('GET', '/api/folders')).json<{ id: number; name: string }[]>().find((folder) => folder.name === 'Box')!;
    expect((await send('DELETE', `/api/folders/${box.id}`)).statusCode).toBe(200);
    expect((await send('GET', `/api/urls/${a.id}`)).json()).toMatchObject({ folder: null });
    expect(await list('folder=Box')).toEqual([]);
  });

  it('keeps another workspace’s tags apart: its names, ids and filters are its own', async () => {
    const other = await signUp(t.app, 'other-tagger@example.com');
    const mine = await t.app.inject({
      method: 'POST',
      url: '/api/urls',
      headers: other.headers,
      payload: { original_url: 'https://example.com/o', tags: ['Launch'] },
    });
    expect(mine.json()).toMatchObject({ tags: ['Launch'] });
    expect((await t.app.inject({ url: '/api/tags', headers: other.headers })).json()).toMatchObject([{ name: 'Launch', link_count: 1 }]);
    expect(await list('tag=Launch')).not.toContain(mine.json<Link>().id);
  });

  it('lets a viewer read tags but not make them, not even by naming one on a link', async () => {
    const { team, asha, members } = await teamOnPro(t, 'tag-team', { vera: 'viewer' });
    expect((await callInWorkspace(t, asha, 'POST', '/api/urls', team, { original_url: 'https://example.com/t', tags: ['Team'] })).json()).toMatchObject({
      tags: ['Team'],
    });
    expect((await callInWorkspace(t, members.vera, 'GET', '/api/tags', team)).json()).toMatchObject([{ name: 'Team' }]);
    expect((await callInWorkspace(t, members.vera, 'POST', '/api/tags', team, { name: 'Mine' })).statusCode).toBe(403);
    expect((await callInWorkspace(t, members.vera, 'DELETE', '/api/tags/1', team)).statusCode).toBe(403);
    expect((await callInWorkspace(t, members.vera, 'POST', '/api/urls', team, { original_url: 'https://example.com/v', tags: ['Sneaky'] })).statusCode).toBe(
      403,
    );
    expect((await callInWorkspace(t, asha, 'GET', '/api/tags', team)).json<{ name: string }[]>().map((tag) => tag.name)).toEqual(['Team']);
  });

  it('answers hostile names as data: JSON strings, and inert CSV cells', async () => {
    const link = await create({ tags: [HOSTILE, 'plain, with comma'], folder: HOSTILE });
    const answered = (await send('GET', `/api/urls/${link.id}`)).json<Link>();
    expect(answered).toMatchObject({ tags: [HOSTILE, 'plain, with comma'], folder: HOSTILE });
    const csv = await send('GET', `/api/urls/export?tag=${encodeURIComponent(HOSTILE)}`);
    expect(csv.statusCode).toBe(200);
    const rows = parse(csv.body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ Tags: `'${HOSTILE}; plain, with comma`, Folder: `'${HOSTILE}` });
  });

  it('answers a tag’s clicks per day over every link carrying it (merged tags included)', async () => {
    const one = await create({ tags: ['Clicked'] });
    const two = await create({ tags: ['Folded'] });
    await create({ tags: ['Unclicked'] });
    for (const link of [one, one, two]) {
      await t.app.inject({ url: `/${link.short_code}`, headers: { 'user-agent': CHROME, 'x-forwarded-for': '8.8.8.8' } });
    }
    await send('POST', `/api/tags/${await tagId('Folded')}/merge`, { into: await tagId('Clicked') });
    await projectorsCaughtUp(t.platform);
    const analytics = await send('GET', `/api/tags/${await tagId('Clicked')}/analytics?date_from=2026-11-19&date_to=2026-11-21`);
    expect(analytics.json()).toEqual({
      tag: 'Clicked',
      link_count: 2,
      total_clicks: 3,
      clicks_by_date: [
        { date: '2026-11-19', clicks: 0 },
        { date: '2026-11-20', clicks: 3 },
        { date: '2026-11-21', clicks: 0 },
      ],
      retention: { days: 90, since: '2026-08-23', clipped: false },
    });
    expect((await send('GET', `/api/tags/${await tagId('Unclicked')}/analytics`)).json()).toMatchObject({ total_clicks: 0, link_count: 1 });
    expect((await send('GET', `/api/tags/${await tagId('Clicked')}/analytics?date_from=2024-01-01&date_to=2026-01-01`)).statusCode).toBe(400);
  });
});
