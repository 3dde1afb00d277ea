import type { EventStore, RecordedEvent, SubscribeOptions, SubscriptionHandler } from '@linkledger/contracts';
import { describe, expect, it } from 'vitest';
import { ProjectionRunner, type ProjectionTarget } from './runner.ts';

const event = (position: number): RecordedEvent => ({
  id: `e${position}`,
  stream: 's',
  revision: position - 1,
  position,
  type: 'T',
  version: 1,
  data: {},
  metadata: { actor: { kind: 'system', id: 't' }, correlation_id: 'c', causation_id: 'c', at: new Date(0).toISOString() },
});

/** A log of `size` events whose subscriptions deliver everything after `after` in one batch. */
function logOf(size: number): Pick<EventStore, 'subscribe'> {
  return {
    subscribe(options: SubscribeOptions, handler: SubscriptionHandler) {
      let stopped = false;
      const done = (async () => {
        const batch = Array.from({ length: Math.max(0, size - options.after) }, (_, i) => event(options.after + i + 1));
        if (batch.length > 0) await handler(batch, size);
        while (!stopped) await new Promise((r) => setTimeout(r, 5));
      })();
      return {
        done,
        async stop() {
          stopped = true;
          await done;
        },
      };
    },
  };
}

/** A target over an in-memory store; `failCheckpoint` and `failApply` pick the calls (1-based) that find it down. */
function target(failCheckpoint: number[], failApply: number[]) {
  let stored = 0;
  const calls = { checkpoint: 0, apply: 0 };
  const applied: number[] = [];
  const projection: ProjectionTarget = {
    name: 'flaky',
    filter: {},
    async checkpoint() {
      if (failCheckpoint.includes(++calls.checkpoint)) throw new Error('checkpoint: store down');
      return stored;
    },
    async apply(batch, through) {
      if (failApply.includes(++calls.apply)) throw new Error('apply: store down');
      applied.push(...batch.map((e) => e.position));
      stored = through;
    },
    async reset() {},
  };
  return { projection, applied };
}

describe('ProjectionRunner', () => {
  it('keeps retrying from the stored checkpoint until the store answers, applying each event once', async () => {
    // Applying fails once; then the checkpoint reads of the next three restarts fail too.
    const { projection, applied } = target([2, 3, 4], [1]);
    const errors: string[] = [];
    const runner = new ProjectionRunner(logOf(5) as EventStore, projection, { retryMs: 5, onError: (e) => errors.push((e as Error).message) });
    await runner.start();
    expect(await runner.waitFor(5, 2000)).toBe(true);
    await runner.stop();
    expect(applied).toEqual([1, 2, 3, 4, 5]);
    expect(errors).toEqual(['apply: store down', 'checkpoint: store down', 'checkpoint: store down', 'checkpoint: store down']);
  });

  it('does not start again once stopped, even with a retry pending', async () => {
    const { projection, applied } = target([], [1]);
    const runner = new ProjectionRunner(logOf(3) as EventStore, projection, { retryMs: 20 });
    await runner.start();
    await new Promise((r) => setTimeout(r, 5));
    await runner.stop();
    await new Promise((r) => setTimeout(r, 60));
    expect(applied).toEqual([]);
    expect(runner.applied).toBe(0);
  });
});

describe('ProjectionRunner status', () => {
  it('reports retrying with the last error and its time from the injected clock, then running, with events per second', async () => {
    let now = Date.UTC(2026, 10, 23, 10, 0, 0);
    const clock = () => new Date(now);
    const { projection } = target([], [1]);
    const runner = new ProjectionRunner(logOf(40) as EventStore, projection, { retryMs: 30, now: clock });
    expect(runner.status()).toMatchObject({ state: 'stopped', applied: 0, lastError: null });
    await runner.start();
    await new Promise((r) => setTimeout(r, 10));
    expect(runner.status()).toMatchObject({ state: 'retrying', lastError: { message: 'apply: store down', at: '2026-11-23T10:00:00.000Z' } });
    now += 2000;
    expect(await runner.waitFor(40, 2000)).toBe(true);
    const status = runner.status();
    expect(status).toMatchObject({ state: 'running', applied: 40, lastError: { message: 'apply: store down' } });
    // 40 events over the 2 seconds measured.
    expect(status.eventsPerSecond).toBe(20);
    await runner.stop();
    expect(runner.status().state).toBe('stopped');
  });
});
