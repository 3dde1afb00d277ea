import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '../stores/events/sqlite-event-store.ts';
import { ConfiguredMailer, deliveriesStream } from './configured-mailer.ts';
import type { Mailer } from './mailer.ts';

const dir = mkdtempSync(join(tmpdir(), 'll-mailer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the configured mailer’s delivery record', () => {
  it('keeps a transport’s refusal without the recipient address it quotes', async () => {
    const events = new SqliteEventStore(join(dir, 'events.db'));
    const refusing: Mailer = {
      adapter: 'smtp',
      send: () => Promise.reject(new Error('550 5.1.1 <bob.smith@example.com>: Recipient address rejected')),
      close: async () => undefined,
    };
    const now = new Date('2026-11-23T10:00:00Z');
    const mailer = new ConfiguredMailer(
      events,
      'x'.repeat(64),
      refusing,
      () => now,
      () => undefined,
    );
    try {
      await expect(mailer.send({ to: 'bob.smith@example.com', subject: 'Hi', text: 'Hi', html: '<p>Hi</p>', purpose: 'test' })).rejects.toThrow(
        'Recipient address rejected',
      );
      const [recorded] = await events.readStream(deliveriesStream(now));
      expect(recorded!.data).toEqual({ purpose: 'test', transport: 'smtp', ok: false, error: '550 5.1.1 <[address]>: Recipient address rejected' });
      expect(JSON.stringify(recorded)).not.toContain('bob.smith');
    } finally {
      await mailer.close();
      await events.close();
    }
  });
});
