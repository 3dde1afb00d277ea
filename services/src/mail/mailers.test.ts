import { createServer, type IncomingMessage } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config.ts';
import { createMailer } from './create-mailer.ts';
import type { MailMessage } from './mailer.ts';
import type { OutboxFile } from './outbox-mailer.ts';
import { SendGridMailer } from './sendgrid-mailer.ts';
import { startTestSmtpServer } from '../testing/test-smtp-server.ts';

const link = 'https://lnk.example.com/verify-email?token=' + 'x'.repeat(60);
const message: MailMessage = {
  to: 'ada@example.com',
  subject: 'Verify your email address',
  text: `Open this link to verify your address:\n${link}\n`,
  html: `<p>Open this link to verify your address:</p><p><a href="${link}">${link}</a></p>`,
};

describe('mailers', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'linkledger-mail-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('outbox (the default): writes each message as a file only its user can read, and logs where, without the link or the address', async () => {
    const logged: string[] = [];
    const mailer = createMailer(loadConfig({ DATA_DIR: dataDir }), (line) => logged.push(line));
    expect(mailer.adapter).toBe('outbox');
    await mailer.send(message);
    await mailer.send({ ...message, to: 'bob@example.com' });
    const files = readdirSync(join(dataDir, 'outbox')).filter((f) => f.endsWith('.json'));
    expect(files).toHaveLength(2);
    const stored = files.map((f) => JSON.parse(readFileSync(join(dataDir, 'outbox', f), 'utf8')) as OutboxFile);
    expect(stored.map((m) => m.to).sort()).toEqual(['ada@example.com', 'bob@example.com']);
    expect(stored[0]).toMatchObject({ subject: message.subject, text: message.text, html: message.html, from: 'Linkledger <no-reply@linkledger.local>' });
    expect(logged).toHaveLength(2);
    expect(logged[0]).not.toContain('ada@example.com');
    expect(logged[0]).not.toContain(link);
    expect(logged[0]).not.toMatch(/token/i);
    expect(logged[0]).toContain(join(dataDir, 'outbox'));
    for (const file of files) expect(statSync(join(dataDir, 'outbox', file)).mode & 0o777).toBe(0o600);
  });

  describe('SMTP, against a real SMTP server', () => {
    let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
    beforeAll(async () => {
      smtp = await startTestSmtpServer({ user: 'mailer', pass: 's3cret pass' });
    });
    afterAll(async () => smtp.close());

    it('logs in with the URL’s credentials and delivers to the recipient, subject and link intact', async () => {
      const mailer = createMailer(loadConfig({ DATA_DIR: dataDir, SMTP_URL: smtp.url, MAIL_FROM: 'Linkledger <no-reply@example.com>' }), () => undefined);
      expect(mailer.adapter).toBe('smtp');
      await mailer.send(message);
      await mailer.close();
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail!.to).toEqual(['ada@example.com']);
      expect(mail!.from).toBe('no-reply@example.com');
      expect(mail!.body).toMatch(/^Subject: Verify your email address$/m);
      expect(mail!.body).toContain(link);
    });

    it('fails loudly when the server refuses the login', async () => {
      const wrong = smtp.url.replace('s3cret%20pass', 'wrong');
      const mailer = createMailer(loadConfig({ DATA_DIR: dataDir, SMTP_URL: wrong, MAIL_FROM: 'no-reply@example.com' }), () => undefined);
      await expect(mailer.send(message)).rejects.toThrow(/Invalid username or password|auth/i);
      await mailer.close();
    });
  });

  it('SendGrid: posts the message to the v3 mail/send API with the key as bearer', async () => {
    const requests: { url: string; auth: string; body: Record<string, unknown> }[] = [];
    const server = createServer((request: IncomingMessage, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        requests.push({ url: request.url ?? '', auth: request.headers.authorization ?? '', body: JSON.parse(Buffer.concat(chunks).toString()) });
        response.writeHead(202).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    try {
      expect(createMailer(loadConfig({ DATA_DIR: dataDir, SENDGRID_API_KEY: 'SG.test-key', MAIL_FROM: 'no-reply@example.com' }), () => undefined).adapter).toBe(
        'sendgrid',
      );
      const mailer = new SendGridMailer('SG.test-key', 'Linkledger <no-reply@example.com>', { baseUrl: `http://127.0.0.1:${address.port}/` });
      await mailer.send(message);
      expect(requests).toHaveLength(1);
      expect(requests[0]!.url).toBe('/v3/mail/send');
      expect(requests[0]!.auth).toBe('Bearer SG.test-key');
      expect(requests[0]!.body).toMatchObject({
        from: { email: 'no-reply@example.com', name: 'Linkledger' },
        subject: message.subject,
        personalizations: [{ to: [{ email: 'ada@example.com' }] }],
      });
      expect(JSON.stringify(requests[0]!.body['content'])).toContain(link);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
