import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINKS, USERS } from '@linkledger/projections';
import { signUp, startTestApp, type TestApp } from '../testing/test-app.ts';

/** A value that is almost never a valid body: any JSON, or text that is not JSON at all. */
const junkBody = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((value) => ({ payload: JSON.stringify(value), type: 'application/json' })),
  fc.string({ maxLength: 200 }).map((text) => ({ payload: text, type: 'application/json' })),
  fc.string({ maxLength: 200 }).map((text) => ({ payload: text, type: 'application/x-www-form-urlencoded' })),
  fc.string({ maxLength: 200 }).map((text) => ({ payload: text, type: 'text/plain' })),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => ({ payload: Buffer.from(bytes), type: 'application/octet-stream' })),
);
const junkQuery = fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), fc.oneof(fc.string({ maxLength: 40 }), fc.integer().map(String)), { maxKeys: 4 });
const junkHeaders = fc.dictionary(
  fc.constantFrom('x-api-key', 'authorization', 'x-forwarded-for', 'referer', 'user-agent', 'accept', 'content-length-ish'),
  fc.string({ maxLength: 80 }).map((text) => text.replace(/[^\x20-\x7e]/g, '')),
  { maxKeys: 3 },
);
const junkParam = fc.oneof(fc.string({ maxLength: 20 }), fc.integer().map(String), fc.constant('-1'), fc.constant('1e99'), fc.constant('9007199254740993'));

/**
 * Commands that take no input at all: any call with a valid session is well-formed and may
 * rightly change things (sign out, send a verification mail, flip sign-up), so they are
 * fuzzed without one.
 */
const INPUTLESS_COMMANDS = new Set([
  'POST /api/auth/logout',
  'POST /api/auth/request-verification',
  'POST /api/admin/system-settings/signup-toggle',
  'POST /api/users/me/generate-api-key',
  'POST /api/users/me/regenerate-api-key',
  'POST /api/admin/projections/replay-bots',
  'POST /api/settings/sessions/revoke-others',
  'POST /api/settings/export',
]);

describe('malformed bodies, queries, headers and path parameters on every route', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let keptId = '';
  beforeAll(async () => {
    t = await startTestApp();
    headers = (await signUp(t.app, 'fuzz@example.com', 'secret123')).headers;
    keptId = String((await t.app.inject({ method: 'POST', url: '/api/urls', headers, payload: { original_url: 'https://example.com/kept' } })).json().id);
  });
  afterAll(async () => t.close());

  const snapshot = async () => ({
    head: await t.platform.events.headPosition(),
    users: await t.platform.read.find(USERS),
    links: await t.platform.read.find(LINKS),
  });

  it('never answers 5xx and never changes anything', async () => {
    const routes = t.app.routeList.filter(
      (route) => route.url.startsWith('/api/') && !route.hidden && route.method !== 'HEAD' && !route.url.startsWith('/api/docs'),
    );
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        junkBody,
        junkQuery,
        junkHeaders,
        // The one real id would make a well-formed request, which may rightly change things.
        junkParam.filter((param) => param.trim() !== keptId && Number(param) !== Number(keptId)),
        fc.boolean(),
        async (route, body, query, extraHeaders, param, signedIn) => {
          const url = route.url.replace(/:\w+/g, encodeURIComponent(param));
          const options: InjectOptions = {
            method: route.method as InjectOptions['method'],
            url,
            query,
            headers: { ...extraHeaders, ...(signedIn && !INPUTLESS_COMMANDS.has(`${route.method} ${route.url}`) ? headers : {}), 'content-type': body.type },
            ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: body.payload }),
          };
          const response = await t.app.inject(options);
          expect(response.statusCode, `${route.method} ${url} → ${response.body}`).toBeLessThan(500);
          if (response.statusCode >= 400) expect(response.json(), response.body).toHaveProperty('detail');
        },
      ),
      { numRuns: 400 },
    );
    expect(await snapshot()).toEqual(before);
  });
});
