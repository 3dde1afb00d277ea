import { connect } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config.ts';
import { ourHostNames } from '../http/origins.ts';
import { signUp, startTestApp, type TestApp } from '../testing/test-app.ts';
import { DESTINATION_LOOPS } from './loop-guard.ts';

describe('hostile input', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let port = 0;
  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL: 'https://lnk.example' });
    headers = (await signUp(t.app, 'hostile@example.com')).headers;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => t.close());

  const create = (original_url: string, extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/urls', headers: { ...headers, ...extra }, payload: { original_url } });

  it('refuses destinations that are not web pages: javascript:, data:, file:, and friends', async () => {
    for (const destination of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'vbscript:msgbox',
      'ftp://example.com/x',
      '//evil.example/x',
      'https://',
    ]) {
      const response = await create(destination);
      expect(response.statusCode, destination).toBe(400);
      expect(response.json().detail).toBe('Destination URL must be a full web address starting with http:// or https://');
    }
    expect(await t.platform.read.find('links')).toEqual([]);
  });

  it('refuses a destination that is one of our own short links, by public address or by the address the caller used', async () => {
    const link = (await create('https://example.com/real')).json();
    for (const loop of [
      `https://lnk.example/${link.short_code}`,
      `https://LNK.example./${link.short_code}?x=1`,
      `http://localhost/${link.short_code}`,
      'https://lnk.example/notyetused',
    ]) {
      const response = await create(loop);
      expect([response.statusCode, response.json().detail], loop).toEqual([400, DESTINATION_LOOPS]);
    }
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/urls/${link.id}`,
      headers,
      payload: { original_url: `https://lnk.example/${link.short_code}` },
    });
    expect([edit.statusCode, edit.json().detail]).toEqual([400, DESTINATION_LOOPS]);
    // The service's own pages are not short links: linking to them is fine.
    expect((await create('https://lnk.example/pricing')).statusCode).toBe(201);
    expect((await create('https://lnk.example/api/health')).statusCode).toBe(201);
  });

  it('refuses loops through every name the server answers to: loopback forms, its listening and machine addresses, ALLOWED_ORIGINS', async () => {
    const code = (await create('https://example.com/loop-target')).json().short_code;
    const names = [
      `http://127.0.0.1:${port}/${code}`,
      `http://127.1/${code}`,
      `http://2130706433/${code}`,
      `http://0x7f.0.0.1/${code}`,
      `http://[::1]:${port}/${code}`,
      `http://LOCALHOST./${code}`,
      `http://app.localhost/${code}`,
      `http://0.0.0.0:${port}/${code}`,
      `http://${hostname()}/${code}`,
      ...Object.values(networkInterfaces())
        .flatMap((addresses) => addresses ?? [])
        .map(({ address }) => `http://${address.includes(':') ? `[${address}]` : address}/${code}`),
    ];
    for (const loop of names) {
      const response = await create(loop);
      expect([response.statusCode, response.json().detail], loop).toEqual([400, DESTINATION_LOOPS]);
    }
    const configured = ourHostNames(loadConfig({ ALLOWED_ORIGINS: 'https://go.example.org,http://intranet:8080', PUBLIC_URL: 'https://lnk.example' }));
    for (const name of ['go.example.org', 'intranet', 'lnk.example', 'localhost', '127.0.0.1', '[::1]']) expect(configured.has(name), name).toBe(true);
  });

  it('answers an oversized body with 413 without reading it all', async () => {
    const started = Date.now();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/urls',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: `{"original_url":"https://example.com/${'a'.repeat(2 * 1024 * 1024)}"}`,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().detail).toBe('The request body is too large.');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('answers oversized headers with 431 before any route runs, on the redirect path too', async () => {
    // A raw socket: the server may close before a client library has finished writing.
    const status = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1');
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
        socket.on('error', () => undefined);
        socket.on('close', () => {
          const match = /^HTTP\/1\.1 (\d{3})/.exec(answer);
          if (match) resolve(Number(match[1]));
          else reject(new Error(`No HTTP answer: ${JSON.stringify(answer.slice(0, 200))}`));
        });
        socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ${'x'.repeat(64 * 1024)}\r\n\r\n`);
      });
    expect(await status('/api/users/me')).toBe(431);
    expect(await status('/abcdefg')).toBe(431);
  });
});
