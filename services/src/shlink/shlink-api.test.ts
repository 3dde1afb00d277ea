import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyScope } from '@linkledger/contracts';
import { missingScope } from '../http/access.ts';
import { DESTINATION_LOOPS } from '../links/loop-guard.ts';
import { useApiCallsPerMinute } from '../api-keys/rate-limit.ts';
import { callWithKey, teamOnPro } from '../testing/workspaces.ts';
import { signUp, startTestApp, type TestApp } from '../testing/test-app.ts';

const PROBLEM = 'application/problem+json';
const TYPE = 'https://shlink.io/api/error/';

// The Shlink-compatible API's refusals, raw: Shlink's statuses, types and fields, in problem+json
// (docs/developer-api.md#shlink-compatible-api).
describe('the Shlink-compatible API, raw', () => {
  let t: TestApp;
  let key: string;
  const shlink = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, apiKey: string | null = key) =>
    t.app.inject({ method, url, headers: apiKey === null ? {} : { 'x-api-key': apiKey }, ...(payload ? { payload } : {}) });
  const keyOf = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'POST', url: '/api/users/me/generate-api-key', headers })).json<{ api_key: string }>().api_key;

  beforeAll(async () => {
    t = await startTestApp({ REGISTRATIONS_PER_IP: '0' }, { clock: () => new Date('2026-11-20T10:00:00.000Z') });
    key = await keyOf((await signUp(t.app, 'shlink-raw@example.com')).headers);
  });
  afterAll(async () => t.close());

  it('answers a call without a key, and one with a wrong key, with Shlink’s 401s', async () => {
    const missing = await shlink('GET', '/rest/v3/short-urls', undefined, null);
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['content-type']).toContain(PROBLEM);
    expect(missing.json()).toMatchObject({ status: 401, type: `${TYPE}missing-authentication`, title: 'Invalid authorization', expectedTypes: ['X-Api-Key'] });
    const wrong = await shlink('GET', '/rest/v3/short-urls', undefined, 'not-a-key');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ status: 401, type: `${TYPE}invalid-api-key`, title: 'Invalid API key' });
  });

  it('answers an unknown short code, and another workspace’s, with Shlink’s 404', async () => {
    const unknown = await shlink('GET', '/rest/v3/short-urls/nope-nothing?domain=s.example.com');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain(PROBLEM);
    expect(unknown.json()).toEqual({
      status: 404,
      type: `${TYPE}short-url-not-found`,
      title: 'Short URL not found',
      detail: 'No URL found with short code "nope-nothing" for domain "s.example.com"',
      shortCode: 'nope-nothing',
      domain: 's.example.com',
    });
    const otherKey = await keyOf((await signUp(t.app, 'shlink-other@example.com')).headers);
    expect((await shlink('POST', '/rest/v3/short-urls', { longUrl: 'https://example.com/theirs', customSlug: 'theirs-only' }, otherKey)).statusCode).toBe(200);
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const refused = await shlink(method, '/rest/v3/short-urls/theirs-only', method === 'PATCH' ? { title: 'mine now' } : undefined);
      expect(refused.statusCode, method).toBe(404);
      expect(refused.json().type).toBe(`${TYPE}short-url-not-found`);
    }
    expect((await shlink('GET', '/rest/v3/short-urls/theirs-only', undefined, otherKey)).json().title).toBeNull();
    const mercure = await shlink('GET', '/rest/v3/mercure-info');
    expect(mercure.statusCode).toBe(501);
    expect(mercure.json()).toMatchObject({ type: `${TYPE}mercure-not-configured` });
    const route = await shlink('GET', '/rest/v3/no-such-thing');
    expect(route.statusCode).toBe(404);
    expect(route.json()).toMatchObject({ type: `${TYPE}not-found` });
  });

  it('refuses an invalid slug, a taken one, a field it does not know and a bad value as Shlink’s 400s', async () => {
    const invalid = await shlink('POST', '/rest/v3/short-urls', { longUrl: 'https://example.com/a', customSlug: 'no spaces' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['content-type']).toContain(PROBLEM);
    expect(invalid.json()).toMatchObject({ status: 400, type: `${TYPE}invalid-data`, title: 'Invalid data', invalidElements: ['customSlug'] });
    expect((await shlink('POST', '/rest/v3/short-urls', { longUrl: 'https://example.com/a', customSlug: 'raw-taken' })).statusCode).toBe(200);
    const taken = await shlink('POST', '/rest/v3/short-urls', { longUrl: 'https://example.com/b', customSlug: 'raw-taken' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({
      status: 400,
      type: `${TYPE}non-unique-slug`,
      title: 'Invalid custom slug',
      detail: 'Provided slug "raw-taken" is already in use.',
      customSlug: 'raw-taken',
    });
    const unknownField = await shlink('POST', '/rest/v3/short-urls', { longUrl: 'https://example.com/c', shortCodePrefix: 'x' });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json()).toMatchObject({ type: `${TYPE}invalid-data`, invalidElements: ['shortCodePrefix'] });
    const notALink = await shlink('POST', '/rest/v3/short-urls', { longUrl: 'javascript:alert(1)' });
    expect(notALink.json()).toMatchObject({ status: 400, type: `${TYPE}invalid-data`, invalidElements: ['longUrl'] });
    const noVisits = await shlink('PATCH', '/rest/v3/short-urls/raw-taken', { maxVisits: 'many' });
    expect(noVisits.json()).toMatchObject({ status: 400, invalidElements: ['maxVisits'] });
    const badOrder = await shlink('GET', '/rest/v3/short-urls?orderBy=password-DESC');
    expect(badOrder.json()).toMatchObject({ status: 400, invalidElements: ['orderBy'] });
  });

  it('holds our rules: a validity needs the plan’s link expiry, and a destination may not loop back here', async () => {
    const scheduled = await shlink('POST', '/rest/v3/short-urls', { longUrl: 'https://example.com/later', validUntil: '2026-12-31T00:00:00Z' });
    expect(scheduled.statusCode).toBe(403);
    expect(scheduled.json()).toMatchObject({ status: 403, type: 'about:blank', title: 'Forbidden' });
    expect(scheduled.json().detail).toMatch(/Link expiry is available on the Pro and Enterprise plans/);
    const loop = await shlink('POST', '/rest/v3/short-urls', { longUrl: 'http://localhost/raw-taken' });
    expect(loop.statusCode).toBe(400);
    expect(loop.json()).toMatchObject({ type: `${TYPE}invalid-data`, detail: DESTINATION_LOOPS });
  });

  it('gives hostile values back as JSON data, unchanged', async () => {
    const title = '</script><img src=x onerror=alert(1)> "quoted" \u2028 \\ end';
    const longUrl = 'https://example.com/?q=%3Cscript%3E&x=%22y%22';
    const created = await shlink('POST', '/rest/v3/short-urls', { longUrl, title, customSlug: 'raw-hostile' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.headers['content-type']).toContain('application/json');
    expect(created.json()).toMatchObject({ title, longUrl });
    const listed = await shlink('GET', `/rest/v3/short-urls?searchTerm=${encodeURIComponent('<img')}`);
    expect(listed.json().shortUrls.data.map((shortUrl: { title: string }) => shortUrl.title)).toEqual([title]);
    const hostileCode = await shlink('GET', `/rest/v3/short-urls/${encodeURIComponent('<b>"x"')}`);
    expect(hostileCode.statusCode).toBe(404);
    expect(hostileCode.headers['content-type']).toContain(PROBLEM);
    expect(hostileCode.json().shortCode).toBe('<b>"x"');
  });

  it('lets a workspace key do what its scopes allow, and refuses the rest', async () => {
    const { asha, team } = await teamOnPro(t, 'shlink-team', {});
    const keyWith = async (scopes: ApiKeyScope[]) =>
      (
        await t.app.inject({ method: 'POST', url: `/api/workspaces/${team}/api-keys`, headers: asha.headers, payload: { name: 'Shlink client', scopes } })
      ).json<{
        api_key: string;
      }>().api_key;
    const reader = await keyWith(['links:read']);
    expect((await callWithKey(t, reader, 'GET', '/rest/v3/short-urls')).statusCode).toBe(200);
    const refused = await callWithKey(t, reader, 'POST', '/rest/v3/short-urls', { longUrl: 'https://example.com/team' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: 403, detail: missingScope('links:write') });
    const writer = await keyWith(['links:read', 'links:write']);
    const created = await callWithKey(t, writer, 'POST', '/rest/v3/short-urls', { longUrl: 'https://example.com/team', customSlug: 'team-link' });
    expect(created.statusCode, created.body).toBe(200);
    const inTeam = await t.app.inject({ url: '/api/urls', headers: { ...asha.headers, 'x-workspace-id': String(team) } });
    expect(inTeam.json().map((link: { short_code: string }) => link.short_code)).toEqual(['team-link']);
    expect((await callWithKey(t, writer, 'GET', '/rest/v3/short-urls/team-link/visits')).statusCode).toBe(403);
  });

  it('counts every call against the plan’s rate limit, and answers past it with 429 and Retry-After', async () => {
    const limited = await signUp(t.app, 'shlink-limited@example.com');
    const limitedKey = await keyOf(limited.headers);
    useApiCallsPerMinute(t.platform, async (workspaceId) => (workspaceId === limited.user.id ? 2 : -1));
    expect((await shlink('GET', '/rest/v3/short-urls', undefined, limitedKey)).statusCode).toBe(200);
    expect((await shlink('GET', '/rest/v3/tags', undefined, limitedKey)).statusCode).toBe(200);
    const refused = await shlink('POST', '/rest/v3/short-urls', { longUrl: 'https://example.com/over' }, limitedKey);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toContain(PROBLEM);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.json()).toMatchObject({ status: 429, type: 'about:blank', title: 'Too Many Requests' });
    expect(refused.json().detail).toMatch(/^API rate limit of 2 calls per minute reached/);
  });

  it('answers malformed requests with Shlink’s 400, and keeps serving', async () => {
    const bodies = [
      '{"longUrl":',
      '[]',
      'null',
      '"text"',
      JSON.stringify({ longUrl: { $gt: '' } }),
      JSON.stringify({ longUrl: 'https://example.com', tags: 'one' }),
    ];
    for (const payload of bodies) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/rest/v3/short-urls',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        payload,
      });
      expect(refused.statusCode, payload).toBe(400);
      expect(refused.headers['content-type'], payload).toContain(PROBLEM);
      expect(refused.json(), payload).toMatchObject({ status: 400, type: `${TYPE}invalid-data` });
    }
    const queries = ['page=abc', 'itemsPerPage=1e9', 'tagsMode=some', 'startDate=yesterday'];
    for (const query of queries)
      expect((await shlink('GET', `/rest/v3/short-urls?${query}`)).json(), query).toMatchObject({ status: 400, type: `${TYPE}invalid-data` });
    expect((await shlink('GET', '/rest/v3/short-urls')).statusCode).toBe(200);
    // The links here carry no tags: a tag filter, however it is written, leaves none.
    expect((await shlink('POST', '/rest/v3/short-urls', { longUrl: 'https://example.com/untagged' })).statusCode).toBe(200);
    expect((await shlink('GET', '/rest/v3/short-urls')).json().shortUrls.pagination.totalItems).toBeGreaterThan(0);
    for (const query of ['tags[]=a&tags[]=b', 'tags[]=a', 'tags=a&tagsMode=all'])
      expect((await shlink('GET', `/rest/v3/short-urls?${query}`)).json().shortUrls.pagination, query).toMatchObject({ totalItems: 0, pagesCount: 0 });
  });

  it('lets Shlink’s web client, on another origin, call it from the browser with its key', async () => {
    const origin = { origin: 'https://app.shlink.io' };
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/rest/v3/short-urls/anything',
      headers: { ...origin, 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'x-api-key,content-type' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers).toMatchObject({ 'access-control-allow-origin': '*', 'access-control-allow-methods': expect.stringContaining('PATCH') });
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('x-api-key');
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    const listed = await t.app.inject({ url: '/rest/v3/short-urls', headers: { ...origin, 'x-api-key': key } });
    expect(listed.headers['access-control-allow-origin']).toBe('*');
    const refused = await t.app.inject({ url: '/rest/v3/short-urls', headers: origin });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    // Our own API stays same-origin.
    expect((await t.app.inject({ url: '/api/urls', headers: { ...origin, 'x-api-key': key } })).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('holds the plan’s monthly link limit, and writes nothing past it', async () => {
    const limitedKey = await keyOf((await signUp(t.app, 'shlink-quota@example.com')).headers);
    for (let i = 0; i < 10; i++)
      expect((await shlink('POST', '/rest/v3/short-urls', { longUrl: `https://example.com/${i}` }, limitedKey)).statusCode).toBe(200);
    const before = await t.platform.events.headPosition();
    const refused = await shlink('POST', '/rest/v3/short-urls', { longUrl: 'https://example.com/eleventh' }, limitedKey);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: 403, type: 'about:blank', title: 'Forbidden' });
    expect(refused.json().detail).toMatch(/^You have created all 10 links your Free plan allows this month/);
    expect(await t.platform.events.headPosition()).toBe(before);
  });
});
