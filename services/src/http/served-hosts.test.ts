import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApp, type TestApp } from '../testing/test-app.ts';

/** A built web app of one page and one script, so the test sees what the app's files would do. */
function fakeWebBuild(): string {
  const dist = mkdtempSync(join(tmpdir(), 'linkledger-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dist, 'assets', 'app.js'), 'localStorage.setItem("token", "x");');
  return dist;
}

describe('with PUBLIC_URL set, the app and the API answer only on the installation’s hosts', () => {
  let t: TestApp;
  let dist: string;
  let code: string;
  const customer = { host: 'go.customer.example' };

  beforeAll(async () => {
    dist = fakeWebBuild();
    t = await startTestApp({ PUBLIC_URL: 'https://lnk.example.com', WEB_DIST_DIR: dist, REGISTRATIONS_PER_IP: '0' });
    const ada = await signUp(t.app, 'ada@example.com');
    code = (await t.app.inject({ method: 'POST', url: '/api/urls', headers: ada.headers, payload: { original_url: 'https://example.com/page' } })).json<{
      short_code: string;
    }>().short_code;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves the sign-in page, the app’s script and the API on PUBLIC_URL’s host (and on loopback names, for checks on the machine)', async () => {
    for (const host of ['lnk.example.com', 'LNK.example.com.', 'localhost:8080', '127.0.0.1:8080']) {
      expect((await t.app.inject({ url: '/login', headers: { host } })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/assets/app.js', headers: { host } })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/health', headers: { host } })).statusCode).toBe(200);
    }
  });

  it('gives any other Host (a customer’s domain) only the plain 404 page: no app page, no script, no API, no sign-in', async () => {
    const asked = [
      { url: '/login' },
      { url: '/' },
      { url: '/dashboard' },
      { url: '/assets/app.js' },
      { url: '/api/health' },
      { url: '/api/openapi.json' },
      { url: '/api/docs/' },
      { url: '/api/users/me' },
      { url: '/no-such-page' },
      {
        method: 'POST' as const,
        url: '/api/token',
        payload: 'username=ada%40example.com&password=correct%20horse',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      { method: 'POST' as const, url: '/api/register', payload: { email: 'eve@example.com', password: 'correct horse' } },
    ];
    for (const request of asked) {
      const answer = await t.app.inject({ ...request, headers: { ...customer, ...(request.headers ?? {}) } });
      expect(answer.statusCode, `${request.method ?? 'GET'} ${request.url}`).toBe(404);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.body).toContain('Page Not Found');
      expect(answer.body).not.toMatch(/<script|access_token|localStorage/);
      // Its links lead to the installation itself, not to the customer's origin.
      expect(answer.body).toContain('href="https://lnk.example.com/login"');
      expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
      expect(answer.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('refuses the live socket there with the 404 page, and closes the connection', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const upgrade = (host: string) =>
      new Promise<{ status: string; closed: boolean }>((resolve) => {
        const socket = connect(port, '127.0.0.1', () =>
          socket.write(
            `GET /api/live HTTP/1.1\r\nHost: ${host}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`,
          ),
        );
        let text = '';
        socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
        socket.on('close', () => resolve({ status: text.split('\r\n')[0]!, closed: true }));
        setTimeout(() => {
          socket.destroy();
          resolve({ status: text.split('\r\n')[0]!, closed: false });
        }, 2000);
      });
    expect(await upgrade('go.customer.example')).toEqual({ status: 'HTTP/1.1 404 Not Found', closed: true });
    expect((await upgrade('lnk.example.com')).status).toBe('HTTP/1.1 101 Switching Protocols');
  });

  it('still answers short links there: ours only on our hosts, unknown ones with the plain 404 page', async () => {
    expect((await t.app.inject({ url: `/${code}`, headers: { host: 'lnk.example.com' } })).statusCode).toBe(302);
    // A link of ours is not a link of the customer's domain.
    const elsewhere = await t.app.inject({ url: `/${code}`, headers: customer });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.body).not.toContain('<script');
  });
});

describe('without PUBLIC_URL or ALLOWED_ORIGINS', () => {
  it('every Host is the installation’s, as before', async () => {
    const t = await startTestApp();
    try {
      expect((await t.app.inject({ url: '/api/health', headers: { host: 'anything.example' } })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
