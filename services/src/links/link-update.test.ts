import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApp, type TestApp } from '../testing/test-app.ts';

const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';

describe('PATCH /api/urls/{id}', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let origin: string;
  beforeAll(async () => {
    t = await startTestApp();
    headers = (await signUp(t.app, 'editor@example.com')).headers;
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => t.close());

  const create = async (payload: object) =>
    (await t.app.inject({ method: 'POST', url: '/api/urls', headers, payload })).json<{ id: number; short_code: string }>();
  const patch = (id: number, payload: unknown, as = headers) =>
    t.app.inject({ method: 'PATCH', url: `/api/urls/${id}`, headers: as, payload: payload as object });
  const updates = async (id: number) => (await t.platform.events.readStream(`link-${id}`)).filter((e) => e.type === 'LinkUpdated');
  /** Through the server's own front, where real redirects are answered. */
  const visit = (code: string) => fetch(`${origin}/${code}`, { redirect: 'manual', headers: { 'user-agent': BROWSER } });
  const visitInApp = (code: string) => t.app.inject({ url: `/${code}`, headers: { 'user-agent': BROWSER } });

  it('changes the fields sent, records only those that differ, and answers the link', async () => {
    const link = await create({ original_url: 'https://example.com/a', title: 'Old', description: 'same' });
    const response = await patch(link.id, { title: 'New title', description: 'same' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: link.id,
      title: 'New title',
      description: 'same',
      original_url: 'https://example.com/a',
      is_active: true,
      short_code: link.short_code,
    });
    expect((await t.app.inject({ url: `/api/urls/${link.id}`, headers })).json()).toMatchObject({ title: 'New title' });
    const recorded = await updates(link.id);
    expect(recorded.map((e) => e.data)).toEqual([{ link_id: link.id, changes: { title: 'New title' } }]);
    expect(recorded[0]!.metadata.actor).toMatchObject({ kind: 'user' });
  });

  it('records nothing when nothing changes, and still answers the link', async () => {
    const link = await create({ original_url: 'https://example.com/same', title: 'Same' });
    for (const body of [{}, { title: 'Same' }, { title: '  Same  ', is_active: true, original_url: 'https://example.com/same' }]) {
      const response = await patch(link.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(200);
      expect(response.json()).toMatchObject({ id: link.id, title: 'Same', is_active: true });
    }
    expect(await updates(link.id)).toEqual([]);
  });

  it('sends the very next redirect to a new destination, and stops redirecting while the link is inactive', async () => {
    const link = await create({ original_url: 'https://example.com/before' });
    // Both redirect paths now hold the link in the cache.
    expect((await visit(link.short_code)).headers.get('location')).toBe('https://example.com/before');
    expect((await visitInApp(link.short_code)).headers.location).toBe('https://example.com/before');

    expect((await patch(link.id, { original_url: 'https://example.org/after?x=1' })).json()).toMatchObject({ original_url: 'https://example.org/after?x=1' });
    const moved = await visit(link.short_code);
    expect(moved.status).toBe(302);
    expect(moved.headers.get('location')).toBe('https://example.org/after?x=1');
    expect((await visitInApp(link.short_code)).headers.location).toBe('https://example.org/after?x=1');

    expect((await patch(link.id, { is_active: false })).json()).toMatchObject({ is_active: false });
    expect((await visit(link.short_code)).status).toBe(404);
    const inApp = await visitInApp(link.short_code);
    expect(inApp.statusCode).toBe(404);
    expect(inApp.headers['content-type']).toMatch(/text\/html/);
    expect((await t.app.inject({ url: '/api/urls?include_counts=true', headers })).json().urls.find((l: { id: number }) => l.id === link.id)).toMatchObject({
      is_active: false,
    });

    expect((await patch(link.id, { is_active: true })).json()).toMatchObject({ is_active: true });
    expect((await visit(link.short_code)).headers.get('location')).toBe('https://example.org/after?x=1');
  });

  it('refuses bad values with the field’s rule, and changes nothing', async () => {
    const link = await create({ original_url: 'https://example.com/strict', title: 'Strict' });
    const refusals: [unknown, string][] = [
      [{ original_url: 'javascript:alert(1)' }, 'Destination URL must be a full web address starting with http:// or https://'],
      [{ original_url: 'ftp://example.com/file' }, 'Destination URL must be a full web address starting with http:// or https://'],
      [{ original_url: '' }, 'Destination URL is required'],
      [{ is_active: 'no' }, 'Active must be true or false'],
      [{ title: 'x'.repeat(256) }, 'Title must be at most 255 characters'],
      [{ description: 'x'.repeat(2001) }, 'Description must be at most 2000 characters'],
      [
        { short_code: 'mine' },
        'Only title, description, original_url, is_active, the smart-link controls (starts_at, expires_at, max_clicks, expired_url, password, rules, variants, og) and tags, folder, utm_source, utm_medium, utm_campaign, utm_term, utm_content, qr can be changed; remove short_code',
      ],
    ];
    for (const [body, detail] of refusals) {
      const response = await patch(link.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().detail, JSON.stringify(body)).toBe(detail);
    }
    expect(await updates(link.id)).toEqual([]);
  });

  it('treats someone else’s, a deleted and an unknown link as not found', async () => {
    const link = await create({ original_url: 'https://example.com/private' });
    const other = await signUp(t.app, 'intruder@example.com');
    expect((await patch(link.id, { title: 'mine' }, other.headers)).json()).toEqual({ detail: 'URL not found' });
    expect((await patch(link.id, { title: 'mine' }, other.headers)).statusCode).toBe(404);
    expect((await patch(99_999, { title: 'x' })).statusCode).toBe(404);
    await t.app.inject({ method: 'DELETE', url: `/api/urls/${link.id}`, headers });
    expect((await patch(link.id, { title: 'x' })).json()).toEqual({ detail: 'URL not found' });
    expect(await updates(link.id)).toEqual([]);
  });
});
