import type { Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApp, type TestApp } from '../testing/test-app.ts';
import { loadConfig } from '../platform/config.ts';
import { HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, STALLED_OUTPUT_TIMEOUT_MS, UNREAD_OUTPUT_LIMIT_BYTES, limitedServer } from './connection-limits.ts';

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
    code = (await t.app.inject({ method: 'POST', url: '/api/urls', headers, payload: { original_url: 'https://example.com/kept' } })).json<{
      short_code: string;
    }>().short_code;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => t.close());

  it('closes the connections of one address past CONNECTIONS_PER_IP (256) at once', async () => {
    const sockets = await Promise.all(Array.from({ length: 300 }, () => open(port)));
    try {
      const shut = await Promise.all(
        sockets.map((socket) => Promise.race([closed(socket).then(() => 1), new Promise<number>((resolve) => setTimeout(resolve, 1000, 0))])),
      );
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

  it(
    'cuts a request whose body trickles in within the request timeout, not minutes',
    async () => {
      const slow = await open(port);
      slow.write('POST /api/urls HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{');
      const timer = setInterval(() => slow.write(' '), 500);
      const started = performance.now();
      try {
        await closed(slow);
      } finally {
        clearInterval(timer);
      }
      expect(performance.now() - started).toBeLessThan(REQUEST_TIMEOUT_MS + 4000);
    },
    REQUEST_TIMEOUT_MS + 15_000,
  );

  it(
    'bounds and frees what a client that pipelines requests and reads no answer leaves buffered',
    async () => {
      const serverSide: Socket[] = [];
      const watch = (socket: Socket) => void serverSide.push(socket);
      t.app.server.on('connection', watch);
      const client = await open(port);
      client.pause(); // never reads: the answers pile up in its receive window, then in the server
      const request = 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n';
      const batch = request.repeat(1000);
      for (let i = 0; i < 50; i++) client.write(batch);
      let mostBuffered = 0;
      const sampler = setInterval(() => (mostBuffered = Math.max(mostBuffered, ...serverSide.map((socket) => socket.writableLength))), 20);
      try {
        await expect.poll(() => serverSide.length, { timeout: 2000 }).toBe(1);
        // Answering the requests the system's buffers took in takes a few seconds here; then nothing moves.
        await expect.poll(() => serverSide[0]!.closed, { timeout: STALLED_OUTPUT_TIMEOUT_MS + 30_000, interval: 200 }).toBe(true);
      } finally {
        clearInterval(sampler);
        t.app.server.off('connection', watch);
        client.destroy();
      }
      // One read of pipelined requests may be answered past the limit before the next request is refused.
      expect(mostBuffered).toBeLessThan(UNREAD_OUTPUT_LIMIT_BYTES * 2);
    },
    STALLED_OUTPUT_TIMEOUT_MS + 45_000,
  );

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

describe('the cap on live sockets in all', () => {
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    server = limitedServer((_request, response) => response.end('ok'), { perAddress: 0, total: 20, trust: null });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('closes the connections past MAX_CONNECTIONS at once, and takes new ones when others close', async () => {
    const sockets = await Promise.all(Array.from({ length: 30 }, () => open(port)));
    try {
      const shut = await Promise.all(
        sockets.map((socket) => Promise.race([closed(socket).then(() => 1), new Promise<number>((resolve) => setTimeout(resolve, 1000, 0))])),
      );
      expect(shut.filter((was) => was === 0).length).toBe(20);
    } finally {
      for (const socket of sockets) socket.destroy();
    }
    await expect.poll(() => new Promise((resolve) => server.getConnections((_error, count) => resolve(count))), { timeout: 3000 }).toBe(0);
    const later = await open(port);
    const lines = statusLines(later);
    later.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await expect.poll(() => lines, { timeout: 5000 }).toEqual(['HTTP/1.1 200']);
    later.destroy();
  });

  it('holds by default far more connections than the redirect benchmark opens (100)', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/unused' }).MAX_CONNECTIONS).toBeGreaterThanOrEqual(100 * 10);
  });
});
