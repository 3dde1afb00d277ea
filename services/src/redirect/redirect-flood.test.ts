import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApp } from '../testing/test-app.ts';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const FLOODER = '203.0.113.9';
const VISITOR = '198.51.100.7';

/** The product on a real port with a small per-address limit and a clock the test moves. */
async function server(env: Record<string, string>) {
  const clock = { now: Date.now() };
  const t = await startTestApp({ REDIRECT_RATE_PER_IP: '1', REDIRECT_BURST_PER_IP: '5', ...env }, { clock: () => new Date(clock.now) });
  let framework = 0; // requests that reached Fastify
  t.app.addHook('onRequest', async () => void framework++);
  const owner = await signUp(t.app, 'flood@example.com');
  const link = (
    await t.app.inject({ method: 'POST', url: '/api/urls', headers: owner.headers, payload: { original_url: 'https://example.com/flooded' } })
  ).json<{ id: number; short_code: string }>();
  const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const visit = (forwardedFor?: string, code = link.short_code) =>
    fetch(`${baseUrl}/${code}`, { redirect: 'manual', headers: { 'user-agent': CHROME, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) } });
  const statuses = async (n: number, forwardedFor?: string | ((i: number) => string)) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) out.push((await visit(typeof forwardedFor === 'function' ? forwardedFor(i) : forwardedFor)).status);
    return out;
  };
  const clicks = async () => (await t.platform.events.readStream(`clicks-${link.id}`)).length;
  return { t, clock, visit, statuses, clicks, framework: () => framework };
}

const times = (n: number, status: number) => Array<number>(n).fill(status);

describe('a flood of redirects from one address, behind a trusted proxy', () => {
  let s: Awaited<ReturnType<typeof server>>;
  // The proxy on this machine, and a second one in front of it on the private network.
  beforeAll(async () => (s = await server({ TRUST_PROXY: '127.0.0.1,10.0.0.0/8' })));
  afterAll(async () => s.t.close());

  it('answers the flooder 429 with Retry-After and records none of its excess, while others keep their redirects and clicks', async () => {
    expect(await s.statuses(12, FLOODER)).toEqual([...times(5, 302), ...times(7, 429)]);
    expect(await s.clicks()).toBe(5);

    const refused = await s.visit(FLOODER);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(refused.headers.get('location')).toBeNull();
    expect(await refused.text()).toMatch(/Too many requests/);

    // Another visitor, also through the proxy, is unaffected: redirected and counted.
    const before = s.framework();
    expect(await s.statuses(5, VISITOR)).toEqual(times(5, 302));
    expect(await s.clicks()).toBe(10);
    // A later hop added by a trusted proxy chain does not change who the visitor is.
    expect((await s.visit(`${FLOODER}, 10.0.0.1`)).status).toBe(429);
    // Unknown codes from the flooder are refused too (they would cost store reads), and
    // no refused request reaches the framework.
    expect((await s.visit(FLOODER, 'no-such-code')).status).toBe(429);
    expect(s.framework()).toBe(before);
    expect((await s.visit('198.51.100.8', 'no-such-code')).status).toBe(404); // the 404 page is the framework's
    expect(s.framework()).toBe(before + 1);
    expect(await s.clicks()).toBe(10);
  });

  it('lets the flooder back in as its bucket refills, up to the burst', async () => {
    expect((await s.visit(FLOODER)).status).toBe(429);
    s.clock.now += 1_000; // one token at 1/s
    expect(await s.statuses(2, FLOODER)).toEqual([302, 429]);
    s.clock.now += 60_000; // full again: the burst of 5, no more
    expect(await s.statuses(6, FLOODER)).toEqual([...times(5, 302), 429]);
    expect(await s.clicks()).toBe(16);
  });
});

describe('a flood without a trusted proxy', () => {
  let s: Awaited<ReturnType<typeof server>>;
  beforeAll(async () => (s = await server({})));
  afterAll(async () => s.t.close());

  it('cannot escape the limit with forged X-Forwarded-For headers: the socket address counts', async () => {
    expect(await s.statuses(8, (i) => `198.51.100.${i}`)).toEqual([...times(5, 302), ...times(3, 429)]);
    expect(await s.clicks()).toBe(5);
  });
});

describe('the limit turned off', () => {
  let s: Awaited<ReturnType<typeof server>>;
  beforeAll(async () => (s = await server({ REDIRECT_RATE_PER_IP: '0' })));
  afterAll(async () => s.t.close());

  it('redirects and records every request from one address', async () => {
    expect(await s.statuses(20)).toEqual(times(20, 302));
    expect(await s.clicks()).toBe(20);
  });
});
