import type { EventFilter, RecordedEvent, Subscription, SubscriptionHandler } from '@linkledger/contracts';

/**
 * Counts the appends a process hears of. A subscriber notes the count before it reads, and
 * its wait returns at once if an append came in meanwhile, so no wake-up is ever lost.
 */
export class AppendCounter {
  count = 0;
  private closed = false;
  private readonly waiters = new Set<() => void>();

  bump(): void {
    this.count += 1;
    for (const waiter of [...this.waiters]) waiter();
  }

  /** Resolves once the count has moved past `seen`, or after `timeoutMs`. */
  wait(seen: number, timeoutMs: number): Promise<void> {
    if (this.count !== seen || this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.waiters.add(done);
    });
  }

  close(): void {
    this.closed = true;
    for (const waiter of [...this.waiters]) waiter();
  }
}

interface CatchUpSource {
  /** Reads up to `limit` matching events after `after`; `through` is how far the log was scanned. */
  readPage(after: number, limit: number, filter: EventFilter | undefined): Promise<{ events: RecordedEvent[]; through: number }>;
  readonly appends: Pick<AppendCounter, 'count' | 'wait'>;
}

interface CatchUpOptions {
  after: number;
  filter?: EventFilter | undefined;
  batchSize?: number | undefined;
  /** How long an idle subscription waits before looking again (appends by other processes). */
  idleWaitMs?: number | undefined;
  /**
   * Once live, how long to let appends gather after the first one before reading, so a busy
   * log is read in larger pages instead of once per commit.
   */
  lingerMs?: number | undefined;
  /** How long to wait before reading again after a failed read (tests make it short). */
  readRetryMs?: number | undefined;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How long a subscription waits before reading again after the store failed a read. */
const READ_RETRY_MS = 1000;

/**
 * A catch-up subscription over any store that can read pages by position: it reads history
 * page by page, then waits for appends and keeps reading. Because each read starts strictly
 * after the last position seen, the switch from history to live has no gap and no duplicate.
 * A failed read (the store busy or briefly unreachable) is tried again after a pause, from
 * the same position, so a subscriber never silently stops; only a failed handler ends it.
 */
export function catchUpSubscription(source: CatchUpSource, options: CatchUpOptions, handler: SubscriptionHandler): Subscription {
  let stopped = false;
  let wake: (() => void) | undefined;
  const batchSize = options.batchSize ?? 500;
  const idleWaitMs = options.idleWaitMs ?? 250;
  const lingerMs = options.lingerMs ?? 0;

  const run = async () => {
    let after = options.after;
    while (!stopped) {
      const seen = source.appends.count;
      const page = await source.readPage(after, batchSize, options.filter).catch(() => null);
      if (stopped) return;
      if (!page) {
        const woken = new Promise<void>((resolve) => (wake = resolve));
        await Promise.race([sleep(options.readRetryMs ?? READ_RETRY_MS), woken]);
        continue;
      }
      const { events, through } = page;
      if (events.length > 0 || through > after) {
        await handler(events, through);
        after = through;
      }
      if (events.length < batchSize && !stopped) {
        const woken = new Promise<void>((resolve) => (wake = resolve));
        await Promise.race([source.appends.wait(seen, idleWaitMs), woken]);
        if (lingerMs > 0 && !stopped) await Promise.race([sleep(lingerMs), woken]);
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
