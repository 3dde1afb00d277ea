import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer } from '../testing/test-smtp-server.ts';
import { linkIn } from '../testing/outbox.ts';
import { startServerProcess } from '../testing/server-process.ts';

/** A mail server that takes the connection and never says a word: the sender waits on it. */
async function silentMailServer() {
  const sockets: Socket[] = [];
  let connected: () => void = () => undefined;
  const firstConnection = new Promise<void>((resolve) => (connected = resolve));
  const server = createServer((socket) => {
    sockets.push(socket);
    connected();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    firstConnection,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('a server killed between a registration and its mail', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'linkledger-owed-mail-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('sends the verification mail once after the restart, and its link verifies the address', async () => {
    const common = { DATA_DIR: dataDir, PUBLIC_URL: 'https://lnk.example.com', MAIL_FROM: 'no-reply@lnk.example.com', MAIL_RETRY_SECONDS: '1' };
    const silent = await silentMailServer();
    let server = await startServerProcess({ ...common, SMTP_URL: silent.url });
    const registration = fetch(`${server.baseUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'killed@example.com', password: 'correct horse' }),
    }).catch(() => null);
    // The mail is tried only after the registration is in the log: once the mail server is called, kill.
    await silent.firstConnection;
    await server.kill('SIGKILL');
    expect(await registration).toBeNull();
    await silent.close();

    const smtp = await startTestSmtpServer({ user: 'mailer', pass: 'secret' });
    server = await startServerProcess({ ...common, SMTP_URL: smtp.url });
    try {
      await expect.poll(() => smtp.received.length, { timeout: 20_000, interval: 100 }).toBe(1);
      expect(smtp.received[0]!.to).toEqual(['killed@example.com']);
      // Several of the sender's rounds later, still once.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(smtp.received).toHaveLength(1);
      const token = linkIn(smtp.received[0]!.body, 'verify-email').searchParams.get('token')!;
      const verified = await fetch(`${server.baseUrl}/api/verify-email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      });
      expect(await verified.json()).toMatchObject({ already_verified: false });
    } finally {
      await server.kill('SIGTERM');
      await smtp.close();
    }
  }, 120_000);
});
