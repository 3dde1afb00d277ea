import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { ASK_ONLY_FROM_PROXY } from './ask-callers.ts';

const ask = (t: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: '/api/domains/tls-allowed?domain=go.customer.example', remoteAddress, headers });

/** The on-demand TLS ask answers the proxy only: to anyone else it tells nothing about which domains are customers'. */
describe('the TLS ask endpoint', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('without TRUST_PROXY answers this machine only', async () => {
    t = await startTestApp();
    expect((await ask(t, '127.0.0.1')).statusCode).toBe(404);
    expect((await ask(t, '::1')).statusCode).toBe(404);
    const outsider = await ask(t, '203.0.113.5');
    expect([outsider.statusCode, outsider.json<{ detail: string }>().detail]).toEqual([403, ASK_ONLY_FROM_PROXY]);
  });

  it('with TRUST_PROXY answers the listed proxies only, whatever X-Forwarded-For claims', async () => {
    t = await startTestApp({ TRUST_PROXY: '10.0.0.0/8' });
    expect((await ask(t, '10.1.2.3')).statusCode).toBe(404);
    expect((await ask(t, '203.0.113.5', { 'x-forwarded-for': '10.1.2.3' })).statusCode).toBe(403);
    expect((await ask(t, '127.0.0.1')).statusCode).toBe(403);
  });
});
