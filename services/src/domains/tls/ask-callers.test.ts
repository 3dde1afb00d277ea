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
    for (const address of ['127.0.0.1', '::1'])
      expect((await ask(t, address)).json<{ detail: string }>().detail).toBe('go.customer.example is not a verified custom domain here.');
    const outsider = await ask(t, '203.0.113.5');
    expect([outsider.statusCode, outsider.json<{ detail: string }>().detail]).toEqual([403, ASK_ONLY_FROM_PROXY]);
  });

  it('with TRUST_PROXY answers the listed proxies only, whatever X-Forwarded-For claims', async () => {
    t = await startTestApp({ TRUST_PROXY: '10.0.0.0/8' });
    expect((await ask(t, '10.1.2.3')).json<{ detail: string }>().detail).toBe('go.customer.example is not a verified custom domain here.');
    expect((await ask(t, '203.0.113.5', { 'x-forwarded-for': '10.1.2.3' })).statusCode).toBe(403);
    expect((await ask(t, '127.0.0.1')).statusCode).toBe(403);
  });

  it('answers a proxy elsewhere that asks by the server’s address, though the app answers only on PUBLIC_URL', async () => {
    t = await startTestApp({ TRUST_PROXY: '10.0.0.0/8', PUBLIC_URL: 'https://lnk.example.com' });
    const answered = await ask(t, '10.1.2.3', { host: '10.0.0.2:8080' });
    expect([answered.statusCode, answered.json<{ detail: string }>().detail]).toEqual([404, 'go.customer.example is not a verified custom domain here.']);
    expect((await ask(t, '203.0.113.5', { host: '10.0.0.2:8080' })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/health', remoteAddress: '10.1.2.3', headers: { host: '10.0.0.2:8080' } })).body).toContain('Page Not Found');
  });
});
