import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApp, type TestApp } from '../testing/test-app.ts';
import { DESTINATION_LOOPS } from './loop-guard.ts';

/** Every spelling of a name this server answers to is the same name to the loop guard (docs/links.md). */
describe('the loop guard and the spellings of our own addresses', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let port = 0;
  let code = '';
  beforeAll(async () => {
    t = await startTestApp({ REGISTRATIONS_PER_IP: '0' });
    headers = (await signUp(t.app, 'loops@example.com')).headers;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
    code = (await t.app.inject({ method: 'POST', url: '/api/urls', headers, payload: { original_url: 'https://example.com/target' } })).json<{
      short_code: string;
    }>().short_code;
  });
  afterAll(async () => t.close());

  it('refuses IPv4-mapped IPv6, every IPv4 notation, the any-addresses and localhost with trailing dots', async () => {
    const interfaceV4 = Object.values(networkInterfaces())
      .flatMap((addresses) => addresses ?? [])
      .filter(({ family }) => family === 'IPv4')
      .map(({ address }) => address);
    const names = [
      `http://[::ffff:127.0.0.1]:${port}/${code}`,
      `http://[::FFFF:7f00:1]:${port}/${code}`,
      `http://[0:0:0:0:0:ffff:127.0.0.1]/${code}`,
      `http://[::ffff:127.0.0.2]/${code}`,
      `http://[0:0:0:0:0:0:0:1]:${port}/${code}`,
      `http://[::ffff:0.0.0.0]:${port}/${code}`,
      `http://0/${code}`,
      `http://0177.0.0.1:${port}/${code}`,
      `http://127.000.000.001/${code}`,
      `http://0x7f000001/${code}`,
      `http://localhost../${code}`,
      `http://localhost.localdomain/${code}`,
      ...interfaceV4.map((address) => `http://[::ffff:${address}]/${code}`),
    ];
    for (const loop of names) {
      const response = await t.app.inject({ method: 'POST', url: '/api/urls', headers, payload: { original_url: loop } });
      expect([response.statusCode, response.json<{ detail: string }>().detail], loop).toEqual([400, DESTINATION_LOOPS]);
    }
    // An address elsewhere, even spelled the same way, is a destination like any other.
    const elsewhere = await t.app.inject({ method: 'POST', url: '/api/urls', headers, payload: { original_url: `http://[::ffff:203.0.113.7]/${code}` } });
    expect(elsewhere.statusCode).toBe(201);
  });
});
