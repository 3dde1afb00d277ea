import { mkdtempSync, rmSync } from 'node:fs';
import { get, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../testing/server-process.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { startDnsTestServer, type DnsTestServer } from '../dns/testing/dns-test-server.ts';
import { CADDY_PATH, caddyInstalled, httpsGet, startAskRecorder, startCaddy, type AskRecorder, type CaddyProcess } from '../../testing/caddy-process.ts';

/**
 * The shipped infra/caddy/Caddyfile, run by a real Caddy in front of the real product on a
 * real port: a verified custom domain gets a certificate on demand and its link; an
 * unverified one gets no certificate at all. Only the test's global options differ from
 * production (CADDY_GLOBAL_OPTIONS): Caddy's internal CA instead of an ACME CA (no network),
 * free high ports, storage in a temporary directory, no admin endpoint.
 */
const CADDYFILE = fileURLToPath(new URL('../../../../infra/caddy/Caddyfile', import.meta.url));
const SKIP_REASON = `skipped: caddy is not installed at ${CADDY_PATH}; npm test installs it on Debian as root, or set CADDY_PATH`;
if (!caddyInstalled) console.warn(`Caddy TLS test ${SKIP_REASON}`);

describe.skipIf(!caddyInstalled)(`Caddy on-demand TLS in front of the product${caddyInstalled ? '' : ` (${SKIP_REASON})`}`, () => {
  let dns: DnsTestServer;
  let t: TestApp;
  let caddy: CaddyProcess | undefined;
  let ask: AskRecorder | undefined;
  let caddyDir: string;
  let httpsPort: number;
  let httpPort: number;
  let code: string;
  let plainCode: string;

  beforeAll(async () => {
    dns = await startDnsTestServer();
    t = await startTestApp({
      DNS_SERVERS: dns.address,
      DOMAIN_TARGET_IPS: '127.0.0.1',
      TRUST_PROXY: '1',
      REGISTRATIONS_PER_IP: '0',
      PUBLIC_URL: 'https://lnk.example.com',
    });
    const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });

    // Set up as a user would, through the product's HTTP API.
    const call = async (method: string, path: string, body?: unknown, token?: string) => {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
      return JSON.parse(text);
    };
    const email = 'owner@acme.in';
    const password = 'correct horse battery';
    const user = await call('POST', '/api/register', { email, password });
    const tokenAnswer = await fetch(`${baseUrl}/api/token`, { method: 'POST', body: new URLSearchParams({ username: email, password }) });
    expect(tokenAnswer.status).toBe(200);
    const token = ((await tokenAnswer.json()) as { access_token: string }).access_token;
    // The first account is the super admin: it gives itself Pro, which allows custom domains.
    await call('POST', `/api/admin/users/${user.id}/change-plan`, { plan_type: 'pro' }, token);
    const domain = await call('POST', '/api/custom-domains', { domain: 'go.acme.in' }, token);
    dns.set('_linkledger-verify.go.acme.in', 'TXT', [domain.dns_token]);
    dns.set('go.acme.in', 'A', ['127.0.0.1']);
    expect((await call('POST', `/api/custom-domains/${domain.id}/verify`, undefined, token)).verification_result.fully_verified).toBe(true);
    await call('POST', '/api/custom-domains', { domain: 'nope.acme.in' }, token); // added, never verified
    code = (await call('POST', '/api/urls', { original_url: 'https://example.com/tls', custom_domain: 'go.acme.in' }, token)).short_code;
    plainCode = (await call('POST', '/api/urls', { original_url: 'https://example.com/plain' }, token)).short_code;

    // Caddy's ask goes to the product's tls-allowed through a recorder, so the test can see the answers.
    ask = await startAskRecorder(`${baseUrl}/api/domains/tls-allowed`);
    caddyDir = mkdtempSync(join(tmpdir(), 'linkledger-caddy-'));
    httpsPort = await freePort();
    httpPort = await freePort();
    caddy = await startCaddy({
      caddyfile: CADDYFILE,
      port: httpsPort,
      env: {
        LINKLEDGER_HOST: 'lnk.example.com',
        LINKLEDGER_UPSTREAM: new URL(baseUrl).host,
        LINKLEDGER_ASK_URL: ask.url,
        CADDY_GLOBAL_OPTIONS: [
          'admin off',
          // Caddy's own CA instead of Let's Encrypt, and never into this machine's trust stores.
          'local_certs',
          'skip_install_trust',
          `http_port ${httpPort}`,
          `https_port ${httpsPort}`,
          `storage file_system {\nroot ${JSON.stringify(join(caddyDir, 'storage'))}\n}`,
        ].join('\n'),
        // Anything Caddy writes outside `storage` (autosave, locks) stays in the temporary directory too.
        HOME: caddyDir,
        XDG_DATA_HOME: join(caddyDir, 'data'),
        XDG_CONFIG_HOME: join(caddyDir, 'config'),
      },
    });
  }, 120_000);

  afterAll(async () => {
    await caddy?.kill();
    await ask?.close();
    await t?.close();
    await dns?.close();
    if (caddyDir) rmSync(caddyDir, { recursive: true, force: true });
  });

  const withCaddyLog = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw new Error(`${String(error)}\n--- caddy output ---\n${caddy?.output() ?? ''}`, { cause: error });
    }
  };

  it('obtains a certificate on demand for a verified custom domain and serves its link', async () => {
    const answer = await withCaddyLog(() => httpsGet('go.acme.in', httpsPort, `/${code}`));
    expect(answer.status, answer.body).toBe(302);
    expect(answer.headers.location).toBe('https://example.com/tls');
    expect(answer.certificate.subjectaltname?.split(', ')).toContain('DNS:go.acme.in');
    expect(answer.certificate.issuer.CN).toMatch(/^Caddy Local Authority/);
    expect(ask!.asked).toContainEqual({ domain: 'go.acme.in', status: 200 });
  }, 60_000);

  it('gives an unverified domain no certificate: the handshake fails after the product says 404', async () => {
    const failed = await httpsGet('nope.acme.in', httpsPort, `/${code}`).then(
      (answer) => new Error(`expected no TLS for nope.acme.in, got ${answer.status} with a certificate for ${answer.certificate.subjectaltname}`),
      (error: NodeJS.ErrnoException) => error,
    );
    // Caddy refuses the handshake with a TLS alert (EPROTO "alert internal error" in Node), or drops it.
    expect(`${(failed as NodeJS.ErrnoException).code} ${failed.message}`).toMatch(/^(EPROTO .*alert|ECONNRESET)/);
    expect(ask!.asked).toContainEqual({ domain: 'nope.acme.in', status: 404 });
    expect(ask!.asked.filter((question) => question.status === 200).map((question) => question.domain)).not.toContain('nope.acme.in');
  }, 60_000);

  it('answers the 404 page on the verified domain for a code that is not one of its links', async () => {
    for (const path of [`/${plainCode}`, '/nosuchcode']) {
      const answer = await withCaddyLog(() => httpsGet('go.acme.in', httpsPort, path));
      expect(answer.status, path).toBe(404);
      expect(answer.headers.location, path).toBeUndefined();
    }
  }, 60_000);

  it('serves the product’s own host with its own (not on-demand) certificate', async () => {
    const answer = await withCaddyLog(() => httpsGet('lnk.example.com', httpsPort, `/${plainCode}`));
    expect(answer.status, answer.body).toBe(302);
    expect(answer.headers.location).toBe('https://example.com/plain');
    expect(answer.certificate.subjectaltname?.split(', ')).toContain('DNS:lnk.example.com');
  }, 60_000);

  it('redirects plain HTTP on a custom domain to HTTPS', async () => {
    const answer = await new Promise<IncomingMessage>((resolve, reject) =>
      get({ host: '127.0.0.1', port: httpPort, path: `/${code}`, headers: { host: 'go.acme.in' } }, resolve).on('error', reject),
    );
    answer.resume();
    expect(answer.statusCode).toBe(308);
    expect(answer.headers.location).toMatch(new RegExp(`^https://go\\.acme\\.in(:${httpsPort})?/${code}$`));
  }, 60_000);
});
