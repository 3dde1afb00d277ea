import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApp, type TestApp } from '../../testing/test-app.ts';
import { INVALID_API_KEY } from '../../api-keys/authenticate-key.ts';
import { useApiCallsPerMinute } from '../../api-keys/rate-limit.ts';

describe('public API with X-API-Key', () => {
  let t: TestApp;
  let owner: { headers: Record<string, string>; user: { id: number } };
  let key: string;
  const generateKey = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'POST', url: '/api/users/me/generate-api-key', headers })).json<{ api_key: string }>().api_key;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await signUp(t.app, 'api-owner@example.com');
    key = await generateKey(owner.headers);
  });
  afterAll(async () => t.close());

  const create = (headers: Record<string, string>, payload: object) => t.app.inject({ method: 'POST', url: '/api/urls/api', headers, payload });

  it('creates a link as an "api" link, recorded as done by the key, and lists and analyses it with the key', async () => {
    const response = await create({ 'x-api-key': key }, { original_url: 'https://example.com/from-api', title: 'From API', description: 'made by a script' });
    expect(response.statusCode).toBe(201);
    const link = response.json();
    expect(link).toMatchObject({
      original_url: 'https://example.com/from-api',
      title: 'From API',
      description: 'made by a script',
      created_via: 'api',
      total_clicks: 0,
    });
    expect(link.short_url).toBe(`http://localhost:80/${link.short_code}`);

    const events = await t.platform.events.readStream(`link-${link.id}`);
    const keyId = events[0]!.metadata.actor;
    expect(keyId.kind).toBe('api_key');
    const issued = (await t.platform.events.readStream(`user-${owner.user.id}`)).find((e) => e.type === 'ApiKeyIssued')!;
    expect(keyId.id).toBe((issued.data as { key_id: string }).key_id);

    const list = await t.app.inject({ url: '/api/urls?created_via=api', headers: { 'x-api-key': key } });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((l: { id: number }) => l.id)).toEqual([link.id]);
    const analytics = await t.app.inject({ url: `/api/urls/${link.id}/analytics`, headers: { 'x-api-key': key } });
    expect(analytics.statusCode).toBe(200);
    expect(analytics.json()).toMatchObject({ total_clicks: 0 });
  });

  it('takes a short code of the caller’s choice, with the dashboard’s rules', async () => {
    const response = await create({ 'x-api-key': key }, { original_url: 'https://example.com/chosen', short_code: 'api-chosen' });
    expect(response.json()).toMatchObject({ short_code: 'api-chosen', created_via: 'api' });
    expect((await create({ 'x-api-key': key }, { original_url: 'https://example.com/again', short_code: 'api-chosen' })).statusCode).toBe(409);
    expect((await create({ 'x-api-key': key }, { original_url: 'https://example.com/bad', short_code: 'no spaces' })).statusCode).toBe(400);
    expect((await create({ 'x-api-key': key }, { original_url: 'javascript:alert(1)' })).statusCode).toBe(400);
  });

  it('keeps another user’s links out of reach of this key', async () => {
    const other = await signUp(t.app, 'api-other@example.com');
    const theirs = (
      await t.app.inject({ method: 'POST', url: '/api/urls', headers: other.headers, payload: { original_url: 'https://example.com/theirs' } })
    ).json();
    const analytics = await t.app.inject({ url: `/api/urls/${theirs.id}/analytics`, headers: { 'x-api-key': key } });
    expect(analytics.statusCode).toBe(404);
    expect(analytics.json()).toEqual({ detail: 'URL not found' });
    const mine = (await t.app.inject({ url: '/api/urls', headers: { 'x-api-key': key } })).json();
    expect(mine.map((l: { id: number }) => l.id)).not.toContain(theirs.id);
  });

  it('refuses a wrong or empty key with 401, even beside a valid bearer token, and names both ways in', async () => {
    for (const wrong of ['ll_not-a-real-key', '']) {
      const response = await t.app.inject({ url: '/api/urls', headers: { ...owner.headers, 'x-api-key': wrong } });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: INVALID_API_KEY });
    }
    const before = await t.platform.events.headPosition();
    expect((await create({ 'x-api-key': 'wrong' }, { original_url: 'https://example.com/x' })).statusCode).toBe(401);
    expect(await t.platform.events.headPosition()).toBe(before);
    const anonymous = await t.app.inject({ url: '/api/urls' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().detail).toMatch(/X-API-Key.*Bearer/);
  });

  it('accepts a bearer token too: the link is still an "api" link, recorded as the user’s', async () => {
    const response = await create(owner.headers, { original_url: 'https://example.com/bearer' });
    expect(response.statusCode).toBe(201);
    expect(response.json().created_via).toBe('api');
    const [created] = await t.platform.events.readStream(`link-${response.json().id}`);
    expect(created!.metadata.actor).toEqual({ kind: 'user', id: String(owner.user.id) });
  });

  it('limits key calls per user and minute by the plan (free: 100), answering 429 with Retry-After', async () => {
    const user = await signUp(t.app, 'api-free@example.com');
    const freeKey = await generateKey(user.headers);
    for (let i = 0; i < 100; i++) expect((await t.app.inject({ url: '/api/urls', headers: { 'x-api-key': freeKey } })).statusCode).toBe(200);
    const refused = await t.app.inject({ url: '/api/urls', headers: { 'x-api-key': freeKey } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(/^API rate limit of 100 calls per minute reached for your plan\. Try again in \d+ seconds?\.$/);
    // Bearer calls (the web app) are not counted.
    expect((await t.app.inject({ url: '/api/urls', headers: user.headers })).statusCode).toBe(200);
  });

  it('documents both ways in for the public API routes in OpenAPI', async () => {
    const document = (await t.app.inject('/api/openapi.json')).json();
    const both = [{ apiKey: [] }, { bearer: [] }];
    expect(document.paths['/api/urls/api'].post.security).toEqual(both);
    expect(document.paths['/api/urls'].get.security).toEqual(both);
    expect(document.paths['/api/urls/{id}/analytics'].get.security).toEqual(both);
    expect(document.paths['/api/users/me/api-key'].get.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/api/shorten'].get.parameters.map((p: { name: string }) => p.name)).toEqual(['key', 'short', 'name', 'userDomain']);
  });

  it('counts every key route against an injected limit, per user, and -1 means unlimited', async () => {
    const limited = await signUp(t.app, 'api-limited@example.com');
    const limitedKey = await generateKey(limited.headers);
    useApiCallsPerMinute(t.platform, async (userId) => (userId === limited.user.id ? 2 : -1));
    expect((await create({ 'x-api-key': limitedKey }, { original_url: 'https://example.com/1' })).statusCode).toBe(201);
    expect((await t.app.inject({ url: '/api/urls', headers: { 'x-api-key': limitedKey } })).statusCode).toBe(200);
    const before = await t.platform.events.headPosition();
    const refused = await create({ 'x-api-key': limitedKey }, { original_url: 'https://example.com/3' });
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.json().detail).toBe(
      `API rate limit of 2 calls per minute reached for your plan. Try again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`,
    );
    expect(await t.platform.events.headPosition()).toBe(before);
    const shortened = await t.app.inject({ url: `/api/shorten?key=${limitedKey}&short=https%3A%2F%2Fexample.com%2F4` });
    expect(shortened.statusCode).toBe(429);
    // Another user is not held back by this one's count; unlimited stays unlimited.
    for (let i = 0; i < 5; i++) expect((await t.app.inject({ url: '/api/urls', headers: { 'x-api-key': key } })).statusCode).toBe(200);
  });
});
