import type { EventFilter, RecordedEvent, Subscription, SubscriptionHandler } from '@linkledger/contracts';

export interface CatchUpSource {
  /** Reads up to `limit` matching events after `after`; `through` is how far the log was scanned. */
  readPage(after: number, limit: number, filter: EventFilter | undefined): Promise<{ events: RecordedEvent[]; through: number }>;
  /** Resolves when new events may have arrived, or after `timeoutMs`. */
  waitForAppend(timeoutMs: number): Promise<void>;
}

/**
 * A catch-up subscription over any store that can read pages by position: it reads history
 * page by page, then waits for appends and keeps reading. Because each read starts strictly
 * after the last position seen, the switch from history to live has no gap and no duplicate.
 */
export function catchUpSubscription(
  source: CatchUpSource,
  options: { after: number; filter?: EventFilter; batchSize?: number; idleWaitMs?: number },
  handler: SubscriptionHandler,
): Subscription {
  let stopped = false;
  let wake: (() => void) | undefined;
  const batchSize = options.batchSize ?? 500;
  const idleWaitMs = options.idleWaitMs ?? 250;

  const run = async () => {
    let after = options.after;
    while (!stopped) {
      const { events, through } = await source.readPage(after, batchSize, options.filter);
      if (stopped) return;
      if (events.length > 0 || through > after) {
        await handler(events, through);
        after = through;
      }
      if (events.length < batchSize && !stopped) {
        await Promise.race([
          source.waitForAppend(idleWaitMs),
          new Promise<void>((resolve) => (wake = resolve)),
        ]);
      }
    }
  };
  const done = run();
  return {
    done,
    async stop() {
      stopped = true;
      wake?.();
      await done.catch(() => undefined);
    },
  };
}
