import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@linkledger/contracts';
import { AppendCounter, catchUpSubscription } from './catch-up.ts';
import { eventually } from '../../testing/eventually.ts';

const recorded = (position: number): RecordedEvent => ({
  id: `e${position}`,
  stream: 's',
  revision: position - 1,
  position,
  type: 'N',
  version: 1,
  data: {},
  metadata: { actor: { kind: 'system', id: 't' }, correlation_id: 'c', causation_id: 'c', at: '2026-01-01T00:00:00.000Z' },
});

describe('a catch-up subscription', () => {
  it('reads again from the same position after the store fails a read, and delivers everything once', async () => {
    const log = [1, 2, 3, 4].map(recorded);
    let failures = 0;
    const source = {
      appends: new AppendCounter(),
      async readPage(after: number, limit: number) {
        if (after >= 2 && failures < 2) {
          failures++;
          throw new Error('SQLITE_BUSY: database is locked');
        }
        const events = log.filter((event) => event.position > after).slice(0, limit);
        return { events, through: events.at(-1)?.position ?? after };
      },
    };
    const seen: number[] = [];
    const subscription = catchUpSubscription(source, { after: 0, batchSize: 2, idleWaitMs: 10, readRetryMs: 5 }, async (batch) => {
      seen.push(...batch.map((event) => event.position));
    });
    await eventually(() => seen.length === 4, 2000, 'every event');
    await subscription.stop();
    expect(seen).toEqual([1, 2, 3, 4]);
    expect(failures).toBe(2);
  });

  it('ends, rejecting `done`, when its handler fails', async () => {
    const source = { appends: new AppendCounter(), readPage: async () => ({ events: [recorded(1)], through: 1 }) };
    const subscription = catchUpSubscription(source, { after: 0 }, async () => {
      throw new Error('handler failed');
    });
    await expect(subscription.done).rejects.toThrow('handler failed');
  });
});
