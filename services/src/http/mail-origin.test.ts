import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../testing/outbox.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

/** POST over a real socket to the server, naming any Host. */
function postWithHost(port: number, host: string, path: string, body: unknown): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = request(
      { host: '127.0.0.1', port, path, method: 'POST', headers: { host, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('without PUBLIC_URL, mailed links are built only for the address the server was started on', () => {
  let t: TestApp;
  let port = 0;
  beforeAll(async () => {
    t = await startTestApp({ REGISTRATIONS_PER_IP: '0' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
    const registered = await postWithHost(port, `127.0.0.1:${port}`, '/api/register', { email: 'ada@example.com', password: 'correct horse' });
    expect(registered.status).toBe(201);
  });
  afterAll(async () => t.close());

  it('refuses every other loopback name or port with a 400 that says what to set, and sends nothing', async () => {
    const before = outbox(t.dataDir).length;
    for (const host of [
      '127.0.0.2',
      `127.0.0.2:${port}`,
      `[::1]:${port}`,
      `localhost:${port}`,
      `127.0.0.1:${port + 1}`,
      `[::ffff:127.0.0.1]:${port}`,
      'evil.example',
    ]) {
      const answer = await postWithHost(port, host, '/api/forgot-password', { email: 'ada@example.com' });
      expect([answer.status, host]).toEqual([400, host]);
      expect(answer.body).toContain('PUBLIC_URL');
    }
    expect(outbox(t.dataDir).length).toBe(before);
  });

  it('builds the reset link on the listening address itself', async () => {
    const answer = await postWithHost(port, `127.0.0.1:${port}`, '/api/forgot-password', { email: 'ada@example.com' });
    expect(answer.status).toBe(200);
    await expect
      .poll(() => outbox(t.dataDir).find((mail) => mail.text.includes('/reset-password?token='))?.text ?? '', { timeout: 5000 })
      .toContain(`http://127.0.0.1:${port}/reset-password?token=`);
  });
});
