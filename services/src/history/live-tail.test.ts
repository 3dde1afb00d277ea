import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventTailClientMessage, EventTailServerMessage } from '@linkledger/contracts';
import { eventually } from '../testing/eventually.ts';
import { signUp, startTestApp, type Session, type TestApp } from '../testing/test-app.ts';
import { ADMINS_READ_HISTORY } from './routes.ts';

/** Opens the history's live tail and collects what it is sent. */
async function tail(baseUrl: string, first: EventTailClientMessage) {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/admin/events/live`);
  const messages: EventTailServerMessage[] = [];
  socket.on('message', (raw) => messages.push(JSON.parse(raw.toString()) as EventTailServerMessage));
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => socket.once('open', resolve).once('error', reject));
  socket.send(JSON.stringify(first));
  await eventually(() => messages.some((m) => m.type === 'ready' || m.type === 'error'), 5000, 'an answer to auth');
  const events = () => messages.flatMap((m) => (m.type === 'events' ? m.events : []));
  return { messages, events, closed, close: () => socket.close() };
}

describe('the event history’s live tail', () => {
  let t: TestApp;
  let baseUrl: string;
  let admin: Session;
  let user: Session;
  beforeAll(async () => {
    t = await startTestApp();
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await signUp(t.app, 'root@example.com');
    user = await signUp(t.app, 'user@example.com');
  });
  afterAll(async () => t.close());

  it('pushes new events that match the filters, secrets redacted, and nothing else', async () => {
    const links = await tail(baseUrl, { type: 'auth', token: admin.token, filter: { category: 'link' } });
    const everything = await tail(baseUrl, { type: 'auth', token: admin.token });
    expect(links.messages[0]).toMatchObject({ type: 'ready' });

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/urls',
      headers: user.headers,
      payload: { original_url: 'https://example.com/<script>alert(1)</script>' },
    });
    await t.app.inject({ method: 'POST', url: '/api/users/me/generate-api-key', headers: user.headers });
    const code = created.json<{ short_code: string }>().short_code;
    await t.app.inject({ url: `/${code}`, headers: { 'user-agent': 'Mozilla/5.0 Firefox/120.0' } });

    await eventually(() => links.events().length >= 1 && everything.events().some((e) => e.type === 'ApiKeyIssued'), 5000, 'the events');
    expect(links.events().map((e) => e.type)).toEqual(['LinkCreated']);
    expect(links.events()[0]!.summary).toBe(`Link /${code} created → ${created.json<{ original_url: string }>().original_url}`);
    // Clicks only when asked for; key material never.
    expect(everything.events().some((e) => e.type === 'Clicked')).toBe(false);
    expect(JSON.stringify(everything.messages)).not.toMatch(/"key_hash":"[0-9a-f]|"key_encrypted":"[^[]/);
    links.close();
    everything.close();
  });

  it('refuses a user who is not an admin, and a socket that never authenticates properly', async () => {
    const refused = await tail(baseUrl, { type: 'auth', token: user.token });
    expect(refused.messages).toEqual([{ type: 'error', detail: ADMINS_READ_HISTORY }]);
    expect(await refused.closed).toBe(4401);
    const garbage = await tail(baseUrl, { type: 'auth', token: 'not-a-token' });
    expect(garbage.messages[0]).toMatchObject({ type: 'error' });
  });
});
