import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEYS } from '@linkledger/projections';
import { signUp, startTestApp, type TestApp } from '../testing/test-app.ts';
import { API_KEY_PREFIX } from './api-key.ts';
import { NO_API_KEY } from './routes.ts';

describe('API key management', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let userId: number;
  beforeAll(async () => {
    t = await startTestApp();
    const session = await signUp(t.app, 'keys@example.com');
    headers = session.headers;
    userId = session.user.id;
  });
  afterAll(async () => t.close());

  const reveal = () => t.app.inject({ url: '/api/users/me/api-key', headers });
  const generate = () => t.app.inject({ method: 'POST', url: '/api/users/me/generate-api-key', headers });
  const regenerate = () => t.app.inject({ method: 'POST', url: '/api/users/me/regenerate-api-key', headers });
  const listWith = (key: string) => t.app.inject({ url: '/api/urls', headers: { 'x-api-key': key } });
  const domains = { active_custom_domain: null, active_trai_header: null, api_links_at: 'http://localhost:80/' };

  it('answers 404 with a clear detail before a key exists', async () => {
    const response = await reveal();
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: NO_API_KEY });
  });

  it('generates a key once; generating again answers the same key and records nothing; reveal shows it', async () => {
    const created = await generate();
    expect(created.statusCode).toBe(201);
    const { api_key } = created.json<{ api_key: string }>();
    expect(created.json()).toEqual({ api_key, domains });
    expect(api_key).toMatch(new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`));

    const head = await t.platform.events.headPosition();
    const again = await generate();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ api_key, domains });
    expect(await t.platform.events.headPosition()).toBe(head);

    expect((await reveal()).json()).toEqual({ api_key, domains });
    expect((await listWith(api_key)).statusCode).toBe(200);
  });

  it('regenerates: the new key works, the old one is refused at once', async () => {
    const old = (await reveal()).json<{ api_key: string }>().api_key;
    const response = await regenerate();
    expect(response.statusCode).toBe(200);
    const fresh = response.json<{ api_key: string }>().api_key;
    expect(fresh).not.toBe(old);
    expect((await reveal()).json().api_key).toBe(fresh);

    const refused = await listWith(old);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().detail).toMatch(/Invalid API key/);
    expect((await listWith(fresh)).statusCode).toBe(200);
    // One live key per user in the read model.
    expect(await t.platform.read.count(API_KEYS, { user_id: userId })).toBe(1);
  });

  it('records who did it, and never stores the key in plain text anywhere in the log or the read model', async () => {
    const key = (await reveal()).json<{ api_key: string }>().api_key;
    const events = await t.platform.events.readAll({ after: 0, limit: 100_000 });
    const keyEvents = events.filter((e) => e.type === 'ApiKeyIssued' || e.type === 'ApiKeyRevoked');
    expect(keyEvents.map((e) => e.type)).toEqual(['ApiKeyIssued', 'ApiKeyRevoked', 'ApiKeyIssued']);
    expect(keyEvents.every((e) => e.stream === `user-${userId}` && e.metadata.actor.kind === 'user' && e.metadata.actor.id === String(userId))).toBe(true);
    const secretPart = key.slice(API_KEY_PREFIX.length);
    for (const event of events) expect(JSON.stringify(event)).not.toContain(secretPart);
    for (const doc of await t.platform.read.find(API_KEYS)) expect(JSON.stringify(doc)).not.toContain(secretPart);
  });

  it('accepts the commands with an empty JSON body, as browsers send them', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/users/me/generate-api-key', headers: { ...headers, 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(200);
  });

  it('keeps each user’s key apart, and needs a bearer token (a key cannot mint keys)', async () => {
    const other = await signUp(t.app, 'keys-other@example.com');
    expect((await t.app.inject({ url: '/api/users/me/api-key', headers: other.headers })).statusCode).toBe(404);
    const mine = (await reveal()).json<{ api_key: string }>().api_key;
    for (const [method, url] of [
      ['GET', '/api/users/me/api-key'],
      ['POST', '/api/users/me/generate-api-key'],
      ['POST', '/api/users/me/regenerate-api-key'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: { 'x-api-key': mine } });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().detail).toMatch(/Not authenticated/);
    }
    expect((await reveal()).json().api_key).toBe(mine);
  });
});
