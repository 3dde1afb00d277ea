import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config.ts';
import { signUp, startTestApp, type TestApp } from '../testing/test-app.ts';

const register = (t: TestApp, email: string, remoteAddress: string, forwardedFor: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/register',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email, password: 'correct horse' },
  });

describe('TRUST_PROXY: forwarded headers only from the proxy’s addresses', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('reads addresses and ranges; 1 is a proxy on this machine; anything else is refused at start', () => {
    expect(loadConfig({}).TRUST_PROXY).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,fd00::/8' }).TRUST_PROXY).toEqual(['127.0.0.1', '10.0.0.0/8', 'fd00::/8']);
    for (const wrong of ['yes', '10.0.0.0/33', 'proxy.example', '10.0.0.1/8/8'])
      expect(() => loadConfig({ TRUST_PROXY: wrong })).toThrow(/TRUST_PROXY=.*must be 0, 1 \(a proxy on this machine\) or the proxy's addresses/);
  });

  it('with TRUST_PROXY=1, a client that reaches the process directly cannot pose as many addresses', async () => {
    t = await startTestApp({ TRUST_PROXY: '1', REGISTRATIONS_PER_IP: '1' });
    expect((await register(t, 'one@example.com', '203.0.113.9', '198.51.100.1')).statusCode).toBe(201);
    // Another X-Forwarded-For from the same socket address is the same client: over its limit.
    expect((await register(t, 'two@example.com', '203.0.113.9', '198.51.100.2')).statusCode).toBe(429);
  });

  it('believes the listed proxy: each visitor it forwards for is counted apart', async () => {
    t = await startTestApp({ TRUST_PROXY: '127.0.0.1,10.0.0.0/8', REGISTRATIONS_PER_IP: '1' });
    expect((await register(t, 'one@example.com', '10.1.2.3', '198.51.100.1')).statusCode).toBe(201);
    expect((await register(t, 'two@example.com', '10.1.2.3', '198.51.100.2')).statusCode).toBe(201);
    // What a client wrote before the proxy's own entry is not believed: the proxy saw 198.51.100.2.
    expect((await register(t, 'three@example.com', '10.1.2.3', '198.51.100.77, 198.51.100.2')).statusCode).toBe(429);
  });

  it('never lets X-Forwarded-Host reach short_url, nor an X-Forwarded-Proto other than http or https reach anything (no 500)', async () => {
    t = await startTestApp({ TRUST_PROXY: '1', REGISTRATIONS_PER_IP: '0' });
    const ada = await signUp(t.app, 'ada@example.com');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/urls',
      headers: { ...ada.headers, host: 'localhost:8080', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      payload: { original_url: 'https://example.com/a' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json<{ short_url: string }>().short_url).toMatch(/^https:\/\/localhost:8080\/\w+$/);

    for (const proto of ['javascript', 'data', 'https, javascript', 'ftp']) {
      const headers = { ...ada.headers, host: 'localhost', 'x-forwarded-proto': proto };
      const link = await t.app.inject({
        method: 'POST',
        url: '/api/urls',
        headers,
        payload: { original_url: `https://example.com/${encodeURIComponent(proto)}` },
      });
      expect(link.statusCode).toBe(201);
      expect(link.json<{ short_url: string }>().short_url).toMatch(/^http:\/\/localhost\/\w+$/);
      const reset = await t.app.inject({ method: 'POST', url: '/api/forgot-password', headers, payload: { email: 'ada@example.com' } });
      expect(reset.statusCode, proto).toBe(200);
    }
  });
});
