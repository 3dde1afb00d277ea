/** One error kind's current interval: when it began and how many repeats were held back. */
interface Interval {
  startedAt: number;
  repeats: number;
  message: string;
}

interface RepeatedErrorsOptions {
  /** The injected clock, in milliseconds. */
  now: () => number;
  /** Writes a line: the error in full (first of its interval) or, with `repeats`, the count of those held back. */
  write: (line: { error?: unknown; message: string; kind: string; repeats?: number; seconds?: number }) => void;
  /** How long one line stands for an error kind: 10 s. */
  intervalMs?: number;
  /** Kinds tracked at once; past it the oldest interval is closed early. */
  maxKinds?: number;
}

/**
 * What makes two errors "the same" in the log: where they were logged, their code (SQLITE_FULL,
 * ENOSPC…) or else their name and message with numbers blanked, so a position or an id in a
 * message does not make every line new.
 */
export function errorKind(error: unknown, message: string): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return `${message}|${code}`;
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return `${message}|${text.split('\n', 1)[0]!.replace(/\d+/g, '#').slice(0, 200)}`;
}

/**
 * A log that writes each kind of error once per interval, then one line with how many more
 * came in it (docs/architecture.md#self-healing-stores): a fault met by every request (a full
 * disk under thousands of redirects a second) costs a few lines, not a line and a stack per
 * request on the disk that is full. `flush` closes the intervals that are over; the owner
 * calls it on a timer, so a count is written even when the errors stop.
 */
export class RepeatedErrors {
  private readonly intervals = new Map<string, Interval>();
  private readonly intervalMs: number;
  private readonly maxKinds: number;

  constructor(private readonly options: RepeatedErrorsOptions) {
    this.intervalMs = options.intervalMs ?? 10_000;
    this.maxKinds = options.maxKinds ?? 1000;
  }

  report(error: unknown, message: string): void {
    const kind = errorKind(error, message);
    const now = this.options.now();
    const open = this.intervals.get(kind);
    if (open && !this.isOver(open, now)) {
      open.repeats += 1;
      return;
    }
    if (open) this.close(kind, open, now);
    else if (this.intervals.size >= this.maxKinds) this.closeOldest(now);
    this.intervals.set(kind, { startedAt: now, repeats: 0, message });
    this.options.write({ error, message, kind });
  }

  /** Writes the counts of the intervals that are over and forgets them. */
  flush(): void {
    const now = this.options.now();
    for (const [kind, interval] of this.intervals) if (this.isOver(interval, now)) this.close(kind, interval, now);
  }

  /** A clock stepped back also ends the interval: nothing is held back for longer than it says. */
  private isOver(interval: Interval, now: number): boolean {
    return now - interval.startedAt >= this.intervalMs || now < interval.startedAt;
  }

  private close(kind: string, interval: Interval, now: number): void {
    this.intervals.delete(kind);
    if (interval.repeats === 0) return;
    const seconds = Math.max(0, Math.round((now - interval.startedAt) / 1000));
    this.options.write({ message: `${interval.message} (${interval.repeats} more like it in ${seconds} s)`, kind, repeats: interval.repeats, seconds });
  }

  private closeOldest(now: number): void {
    const [kind, interval] = this.intervals.entries().next().value!;
    this.close(kind, interval, now);
  }
}

/** A platform log whose errors go through RepeatedErrors; `stop` writes what is held back and ends its timer. */
export function withRepeatsCounted(log: { info(message: string): void; error(error: unknown, message: string): void }, now: () => number) {
  const repeated = new RepeatedErrors({
    now,
    // The count's line carries no error: the first line of the interval had it in full.
    write: ({ error, message }) => (error === undefined ? log.info(message) : log.error(error, message)),
  });
  const timer = setInterval(() => repeated.flush(), 1000).unref();
  return {
    log: { info: (message: string) => log.info(message), error: (error: unknown, message: string) => repeated.report(error, message) },
    stop: () => {
      clearInterval(timer);
      repeated.flush();
    },
  };
}
