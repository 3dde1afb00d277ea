import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WrongExpectedRevisionError } from '@linkledger/contracts';
import type { CommandContext } from './command-context.ts';
import { recordFact } from './record-fact.ts';
import { SqliteEventStore } from '../stores/events/sqlite-event-store.ts';

const context: CommandContext = { actor: { kind: 'system', id: 'mailer' }, correlationId: 'corr-7', now: new Date('2026-11-27T10:00:00Z'), route: '/api/test' };
const delivered = { type: 'MailDelivered', data: { purpose: 'other', transport: 'smtp', ok: true, error: '' } } as const;

describe('recordFact', () => {
  const dir = mkdtempSync(join(tmpdir(), 'linkledger-facts-'));
  const events = new SqliteEventStore(join(dir, 'events.db'), { synchronous: 'NORMAL' });
  afterAll(async () => {
    await events.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('appends to a log stream whatever it holds, with the context’s metadata', async () => {
    await recordFact(events, context, { stream: 'deliveries-test', event: delivered });
    await recordFact(events, context, { stream: 'deliveries-test', event: delivered });
    const stored = await events.readStream('deliveries-test');
    expect(stored.map((event) => event.revision)).toEqual([0, 1]);
    expect(stored[0]).toMatchObject({
      type: 'MailDelivered',
      data: delivered.data,
      metadata: { actor: context.actor, correlation_id: 'corr-7', at: '2026-11-27T10:00:00.000Z', origin: { route: '/api/test' } },
    });
  });

  it('claims a fresh stream once when asked to, and refuses a second claim', async () => {
    const claim = { stream: 'code-test', event: { type: 'OAuthCodeRedeemed', data: { provider: 'google' } }, expected: 'no_stream' } as const;
    await recordFact(events, context, claim);
    await expect(recordFact(events, context, claim)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(await events.readStream('code-test')).toHaveLength(1);
  });

  it('appends several facts in one append, all or none', async () => {
    const metered = (userId: number) => ({ stream: `api-usage-${userId}`, event: { type: 'ApiCallsMetered', data: { user_id: userId, calls: 3 } } as const });
    const { position } = await recordFact(events, context, metered(1), metered(2));
    const [one, two] = [...(await events.readStream('api-usage-1')), ...(await events.readStream('api-usage-2'))];
    expect([one?.position, two?.position]).toEqual([position - 1, position]);
    // The second stream's claim fails, so the first stream's fact is not written either.
    await expect(recordFact(events, context, metered(3), { ...metered(2), expected: 'no_stream' })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(await events.readStream('api-usage-3')).toEqual([]);
  });
});
