import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApp, type TestApp } from '../testing/test-app.ts';
import { HEADERS_TIMEOUT_MS } from './connection-limits.ts';

const open = (port: number) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port }, () => resolve(socket));
    socket.on('error', () => undefined);
    socket.once('error', reject);
  });

const closed = (socket: Socket) => new Promise<void>((resolve) => (socket.closed ? resolve() : socket.once('close', () => resolve())));

/** Sends raw requests on one socket and collects the status lines it gets back. */
function statusLines(socket: Socket): string[] {
  const lines: string[] = [];
  socket.on('data', (chunk: Buffer) => lines.push(...(chunk.toString().match(/^HTTP\/1\.1 \d+/gm) ?? [])));
  return lines;
}

describe('unauthenticated sockets are capped per address and closed within seconds', () => {
  let t: TestApp;
  let port = 0;
  let code = '';
  beforeAll(async () => {
    t = await startTestApp({ REDIRECT_RATE_PER_IP: '0' });
    const { headers } = await signUp(t.app, 'ada@example.com');
    code = (await t.app.inject({ method: 'POST', url: '/api/urls', headers, payload: { original_url: 'https://example.com/kept' } })).json<{ short_code: string }>().short_code;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => t.close());

  it('closes the connections of one address past CONNECTIONS_PER_IP (256) at once', async () => {
    const sockets = await Promise.all(Array.from({ length: 300 }, () => open(port)));
    try {
      const shut = await Promise.all(sockets.map((socket) => Promise.race([closed(socket).then(() => 1), new Promise<number>((resolve) => setTimeout(resolve, 1000, 0))])));
      const stillOpen = shut.filter((was) => was === 0).length;
      expect(stillOpen).toBe(256);
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  });

  it('closes a socket that sends nothing, and one that trickles its headers, within the header timeout', async () => {
    const silent = await open(port);
    const trickle = await open(port);
    trickle.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
    const timer = setInterval(() => trickle.write('X-Slow: 1\r\n'), 500);
    const started = performance.now();
    try {
      await Promise.all([closed(silent), closed(trickle)]);
    } finally {
      clearInterval(timer);
    }
    expect(performance.now() - started).toBeLessThan(HEADERS_TIMEOUT_MS + 4000);
  }, 20_000);

  it('answers redirect after redirect on one kept-alive socket', async () => {
    const socket = await open(port);
    const lines = statusLines(socket);
    for (let i = 0; i < 5; i++) socket.write(`GET /${code} HTTP/1.1\r\nHost: localhost\r\nUser-Agent: Mozilla/5.0 Firefox/131.0\r\n\r\n`);
    await expect.poll(() => lines.length, { timeout: 5000 }).toBe(5);
    expect(lines).toEqual(Array(5).fill('HTTP/1.1 302'));
    expect(socket.closed).toBe(false);
    socket.destroy();
  });
});
