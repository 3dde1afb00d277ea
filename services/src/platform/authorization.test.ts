import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApp, type TestApp } from '../testing/test-app.ts';

type Role = 'anonymous' | 'other' | 'owner' | 'admin';
type Session = { headers: Record<string, string> };

interface Fixture {
  /** A fresh link of the owner's, for routes that act on one. */
  ownerLink(): Promise<{ id: number }>;
  unique(): string;
}

interface Row {
  /** Expected status for each caller. */
  expect: Record<Role, number>;
  request(fixture: Fixture): Promise<Omit<InjectOptions, 'method'>> | Omit<InjectOptions, 'method'>;
}

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const everyone = (status: number): Record<Role, number> => ({ anonymous: status, other: status, owner: status, admin: status });
const signedIn = (status: number): Record<Role, number> => ({ anonymous: 401, other: status, owner: status, admin: status });
const ownerOnly = (status: number): Record<Role, number> => ({ anonymous: 401, other: 404, owner: status, admin: 404 });

/**
 * Who may call what, for every route of the API. A route missing here fails the test, so
 * each new route must state its rule. Admins get no special access to users' links.
 */
const table: Record<string, Row> = {
  'GET /api/health': { expect: everyone(200), request: () => ({ url: '/api/health' }) },
  'POST /api/register': {
    expect: everyone(201),
    request: (f) => ({ url: '/api/register', payload: { email: `${f.unique()}@example.com`, password: 'secret123' } }),
  },
  'POST /api/token': {
    expect: everyone(200),
    request: () => ({ url: '/api/token', headers: form, payload: 'username=owner%40example.com&password=secret123' }),
  },
  'GET /api/users/me': { expect: signedIn(200), request: () => ({ url: '/api/users/me' }) },
  'POST /api/urls': { expect: signedIn(201), request: () => ({ url: '/api/urls', payload: { original_url: 'https://example.com/new' } }) },
  'GET /api/urls': { expect: signedIn(200), request: () => ({ url: '/api/urls' }) },
  'GET /api/urls/:id': { expect: ownerOnly(200), request: async (f) => ({ url: `/api/urls/${(await f.ownerLink()).id}` }) },
  'DELETE /api/urls/:id': { expect: ownerOnly(200), request: async (f) => ({ url: `/api/urls/${(await f.ownerLink()).id}` }) },
  'GET /api/urls/:id/analytics': { expect: ownerOnly(200), request: async (f) => ({ url: `/api/urls/${(await f.ownerLink()).id}/analytics` }) },
};

describe('authorization of every route', () => {
  let t: TestApp;
  const sessions: Partial<Record<Role, Session>> = {};
  let n = 0;
  beforeAll(async () => {
    t = await startTestApp();
    sessions.admin = await signUp(t.app, 'admin@example.com', 'secret123'); // first account: super admin
    sessions.owner = await signUp(t.app, 'owner@example.com', 'secret123');
    sessions.other = await signUp(t.app, 'other@example.com', 'secret123');
  });
  afterAll(async () => t.close());

  const fixture: Fixture = {
    unique: () => `user${++n}`,
    async ownerLink() {
      const response = await t.app.inject({ method: 'POST', url: '/api/urls', headers: sessions.owner!.headers, payload: { original_url: 'https://example.com/owned' } });
      return response.json();
    },
  };

  it('has a rule for every API route the server answers', () => {
    const routes = t.app.routeList
      .filter((route) => route.url.startsWith('/api/') && !route.hidden && route.method !== 'HEAD' && !route.url.startsWith('/api/docs'))
      .map((route) => `${route.method} ${route.url}`);
    expect(routes.filter((route) => !(route in table))).toEqual([]);
    expect(Object.keys(table).filter((route) => !routes.includes(route))).toEqual([]);
  });

  for (const [route, row] of Object.entries(table)) {
    it(`${route}: ${Object.entries(row.expect).map(([role, status]) => `${role} ${status}`).join(', ')}`, async () => {
      const method = route.split(' ')[0] as InjectOptions['method'];
      for (const role of ['anonymous', 'other', 'owner', 'admin'] as const) {
        const options = await row.request(fixture);
        const auth = role === 'anonymous' ? {} : sessions[role]!.headers;
        const response = await t.app.inject({ ...options, method, headers: { ...options.headers, ...auth } } as InjectOptions);
        expect(response.statusCode, `${role}: ${response.body}`).toBe(row.expect[role]);
      }
    });
  }
});
