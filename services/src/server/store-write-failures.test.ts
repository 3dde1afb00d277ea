import type { EventStore } from '@linkledger/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fault, failingWrites } from '../testing/faulty-store.ts';
import { CHROME } from '../testing/http-client.ts';
import { signUp, startTestApp, type TestApp } from '../testing/test-app.ts';
import { StoreWriteError } from '../stores/store-write-error.ts';

/** What SQLite answers on a full disk, as the event store reports it. */
const diskFull = () => new StoreWriteError('event', Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }));

describe('when the event log cannot save (in process, a fault switch)', () => {
  const fault = new Fault('events', diskFull);
  const lines: { msg: string; repeats?: number }[] = [];
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let code = '';

  beforeAll(async () => {
    t = await startTestApp(
      { LOG_LEVEL: 'error', REDIRECT_RATE_PER_IP: '0' },
      {
        wrapStores: { events: (store) => failingWrites<EventStore>(store, fault, ['append', 'checkWritable']) },
        logStream: { write: (line) => void lines.push(JSON.parse(line) as { msg: string }) },
      },
    );
    owner = await signUp(t.app, 'owner@example.com');
    const created = await t.app.inject({ method: 'POST', url: '/api/urls', headers: owner.headers, payload: { original_url: 'https://example.com/' } });
    code = created.json<{ short_code: string }>().short_code;
  });
  afterAll(async () => t.close());

  const visit = async () => (await t.app.inject({ url: `/${code}`, headers: { 'user-agent': CHROME } })).statusCode;
  const create = () => t.app.inject({ method: 'POST', url: '/api/urls', headers: owner.headers, payload: { original_url: 'https://example.com/again' } });

  it('answers redirects and writes 503 with Retry-After, says so in health, logs each kind once, and serves again as soon as the log can save', async () => {
    expect(await visit()).toBe(302);
    fault.down();

    const statuses = [];
    for (let i = 0; i < 100; i++) statuses.push(await visit());
    expect(new Set(statuses)).toEqual(new Set([503]));
    for (let i = 0; i < 20; i++) {
      const refused = await create();
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.json()).toEqual({ detail: 'Your change could not be saved right now: our storage is not taking writes. Please try again in a moment.' });
    }
    const health = await t.app.inject('/api/health');
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ down: ['events'], stores: { events: { status: 'down' } } });
    // 100 refused redirects and 20 refused writes: one line for each kind, no line per request.
    expect(lines.map((line) => line.msg)).toEqual(['Redirect failed', 'A write was refused: the store could not save']);

    fault.up();
    expect(await visit()).toBe(302);
    expect((await create()).statusCode).toBe(201);
    expect((await t.app.inject('/api/health')).statusCode).toBe(200);
  });
});
