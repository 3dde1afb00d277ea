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
      expect(response.json().detail).toMatch(/original_url/);
    }
    expect((await create({})).json().detail).toMatch(/original_url is required/);
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
    for (const [method, url] of [['GET', '/api/urls'], ['POST', '/api/urls'], ['GET', '/api/urls/1'], ['DELETE', '/api/urls/1'], ['GET', '/api/urls/1/analytics']] as const) {
      expect((await t.app.inject({ method, url, payload: method === 'POST' ? { original_url: 'https://x.io' } : undefined })).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
