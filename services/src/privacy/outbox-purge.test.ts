import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OutboxMailer } from '../mail/outbox-mailer.ts';
import { purgeOutbox } from './outbox-purge.ts';

const dir = mkdtempSync(join(tmpdir(), 'll-purge-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('purging the outbox of a deleted account’s addresses', () => {
  it('removes every message naming the address, with its attachments, and only those', async () => {
    const mailer = new OutboxMailer(dir, 'Linkledger <no-reply@example.com>', () => undefined);
    const mail = (to: string, text: string, attachments = false) =>
      mailer.send({
        to,
        subject: 'Hello',
        text,
        html: `<p>${text}</p>`,
        ...(attachments ? { attachments: [{ filename: 'r.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF') }] } : {}),
      });
    await mail('A@B.co', 'Your receipt', true);
    await mail('ops@example.com', 'Ticket from a@b.co.');
    await mail('aa@b.co', 'Not the same person');
    await mail('a@b.com', 'Not the same domain');
    await mail('x@b.co', 'Forwarded: a@b.co.uk wrote');
    expect(readdirSync(dir)).toHaveLength(6);

    expect(await purgeOutbox(dir, ['a@b.co'])).toBe(2);
    const left = readdirSync(dir);
    expect(left).toHaveLength(3);
    expect(left.every((file) => file.endsWith('.json'))).toBe(true);
    expect(await purgeOutbox(join(dir, 'missing'), ['a@b.co'])).toBe(0);
  });
});
