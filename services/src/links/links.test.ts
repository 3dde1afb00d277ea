import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINKS } from '@linkledger/projections';
import { signUp, startTestApp, type TestApp } from '../testing/test-app.ts';

describe('links API', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp();
    headers = (await signUp(t.app, 'links@example.com')).headers;
  });
  afterAll(async () => t.close());

  const create = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/urls', headers, payload: payload as object });

  it('accepts only http and https destinations and leaves nothing behind otherwise', async () => {
    const before = await t.platform.events.headPosition();
    for (const original_url of ['javascript:alert(1)', 'data:text/html,hi', 'ftp://example.com/file', 'not a url', '', 'https://']) {
      const response = await create({ original_url });
      expect(response.statusCode, original_url).toBe(400);
      expect(response.json()).toMatchObject({ detail: expect.stringMatching(/^Destination URL /), field: 'original_url' });
    }
    expect((await create({})).json().detail).toMatch(/Destination URL is required/);
    expect(await t.platform.events.headPosition()).toBe(before);
    expect(await t.platform.read.count(LINKS)).toBe(0);
  });

  it('creates, reads, lists newest first with paging, and deletes', async () => {
    const a = (await create({ original_url: 'http://a.example/', title: 'A' })).json();
    const b = (await create({ original_url: 'https://b.example/path?q=1', description: 'second' })).json();
    expect(b.id).toBe(a.id + 1);
    expect(a.short_code).not.toBe(b.short_code);
    expect(b).toMatchObject({ title: '', description: 'second', created_via: 'manual', is_active: true, trai_header: null, custom_domain: null });
    expect((await t.app.inject({ url: `/api/urls/${a.id}`, headers })).json()).toMatchObject({ id: a.id, title: 'A' });
    const list = (await t.app.inject({ url: '/api/urls', headers })).json();
    expect(list.map((l: { id: number }) => l.id)).toEqual([b.id, a.id]);
    const page = (await t.app.inject({ url: '/api/urls?skip=1&limit=1', headers })).json();
    expect(page.map((l: { id: number }) => l.id)).toEqual([a.id]);
    expect((await t.app.inject({ url: '/api/urls?limit=0', headers })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/urls/abc', headers })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/urls/999', headers })).json()).toEqual({ detail: 'URL not found' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/urls/${a.id}`, headers })).json()).toEqual({ message: 'URL deleted successfully' });
    expect((await t.app.inject({ url: `/api/urls/${a.id}`, headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/urls/${a.id}`, headers })).statusCode).toBe(404);
  });

  it('requires a signed-in caller for every link route', async () => {
    const routes = [
      ['GET', '/api/urls', undefined],
      ['POST', '/api/urls', { original_url: 'https://x.io' }],
      ['GET', '/api/urls/1', undefined],
      ['PATCH', '/api/urls/1', { title: 'x' }],
      ['DELETE', '/api/urls/1', undefined],
      ['POST', '/api/urls/bulk-delete', { ids: [1] }],
      ['GET', '/api/urls/export', undefined],
      ['GET', '/api/urls/1/analytics', undefined],
      ['GET', '/api/urls/1/qr.png', undefined],
      ['GET', '/api/urls/1/qr.svg', undefined],
      ['GET', '/api/users/me/stats', undefined],
      ['GET', '/api/users/me/domain-info', undefined],
    ] as const;
    for (const [method, url, payload] of routes) {
      const response = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().detail, `${method} ${url}`).toMatch(/Not authenticated/);
    }
  });

  describe('a short code of the caller’s choice', () => {
    it('is used instead of a generated one, and redirects', async () => {
      const response = await create({ original_url: 'https://example.com/launch', short_code: 'Launch-2026_v2' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ short_code: 'Launch-2026_v2', short_url: 'http://localhost:80/Launch-2026_v2' });
      const redirect = await t.app.inject({ url: '/Launch-2026_v2', headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0' } });
      expect(redirect.statusCode).toBe(302);
      expect(redirect.headers.location).toBe('https://example.com/launch');
    });

    it('refuses a code that is taken, by anyone, leaving nothing behind', async () => {
      const other = await signUp(t.app, 'other-codes@example.com');
      const generated = (await create({ original_url: 'https://example.com/g' })).json();
      expect(generated.short_code).toMatch(/^[A-Za-z0-9]{7}$/);
      const before = await t.platform.events.headPosition();
      const links = await t.platform.read.count(LINKS);
      for (const [who, code] of [
        [other.headers, 'Launch-2026_v2'],
        [headers, generated.short_code],
      ] as const) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/urls',
          headers: who,
          payload: { original_url: 'https://example.com/x', short_code: code },
        });
        expect(response.statusCode, code).toBe(409);
        expect(response.json()).toEqual({ detail: 'This short code is already taken. Choose another one.' });
      }
      expect(await t.platform.events.headPosition()).toBe(before);
      expect(await t.platform.read.count(LINKS)).toBe(links);
    });

    it('goes to exactly one of two callers racing for it', async () => {
      const answers = await Promise.all([1, 2].map((n) => create({ original_url: `https://example.com/race/${n}`, short_code: 'race-for-it' })));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      const winner = answers.find((a) => a.statusCode === 201)!.json();
      expect((await t.app.inject({ url: '/race-for-it' })).headers.location).toBe(winner.original_url);
      expect(await t.platform.read.count(LINKS, { short_code: 'race-for-it' })).toBe(1);
    });

    it('refuses codes of the wrong length or characters, and the app’s reserved words, whatever their case', async () => {
      const before = await t.platform.events.headPosition();
      const refusals: [string, string][] = [
        ['ab', 'The short code must be 3 to 32 characters long.'],
        ['a'.repeat(33), 'The short code must be 3 to 32 characters long.'],
        ['no spaces', 'The short code may contain only letters, digits, hyphens (-) and underscores (_).'],
        ['caf\u00e9', 'The short code may contain only letters, digits, hyphens (-) and underscores (_).'],
        ['a/b', 'The short code may contain only letters, digits, hyphens (-) and underscores (_).'],
        ['dashboard', '"dashboard" is reserved by the app and cannot be used as a short code. Choose another one.'],
        ['Login', '"Login" is reserved by the app and cannot be used as a short code. Choose another one.'],
        ['API', '"API" is reserved by the app and cannot be used as a short code. Choose another one.'],
      ];
      for (const route of [
        'forgot-password',
        'verify-email',
        'analytics',
        'api-keys',
        'custom-domains',
        'developer-tools',
        'webhooks',
        'payment-management',
        'settings',
        'support',
        'pricing',
        'limits',
        'register',
        'auth',
        'admin',
        'assets',
        'static',
        'health',
        'docs',
      ]) {
        refusals.push([route, `"${route}" is reserved by the app and cannot be used as a short code. Choose another one.`]);
      }
      for (const [short_code, detail] of refusals) {
        const response = await create({ original_url: 'https://example.com/r', short_code });
        expect(response.statusCode, short_code).toBe(400);
        expect(response.json().detail, short_code).toBe(detail);
      }
      expect(await t.platform.events.headPosition()).toBe(before);
    });

    it('is generated when short_code is empty', async () => {
      const response = await create({ original_url: 'https://example.com/empty', short_code: '  ' });
      expect(response.statusCode).toBe(201);
      expect(response.json().short_code).toMatch(/^[A-Za-z0-9]{7}$/);
    });
  });
});
