/** How many seconds of history the rate covers. */
const THROUGHPUT_WINDOW_SECONDS = 10;

/**
 * Events per second over the last few seconds, from counts kept per second of the clock
 * given (the platform's, so a test can move time). Memory stays a handful of buckets however
 * many events pass.
 */
export class ThroughputMeter {
  private readonly buckets = new Map<number, number>();
  private readonly since: number;

  constructor(
    private readonly now: () => Date,
    private readonly windowSeconds = THROUGHPUT_WINDOW_SECONDS,
  ) {
    this.since = now().getTime();
  }

  record(count: number): void {
    if (count <= 0) return;
    const second = Math.floor(this.now().getTime() / 1000);
    this.buckets.set(second, (this.buckets.get(second) ?? 0) + count);
    this.forget(second);
  }

  /**
   * Events per second over the window: the counts of the last `windowSeconds` whole seconds
   * and of the current one, over the time they span (only the time since the meter began, if
   * shorter; at least 1 s), rounded to 0.1.
   */
  perSecond(): number {
    const nowMs = this.now().getTime();
    const current = Math.floor(nowMs / 1000);
    this.forget(current);
    let total = 0;
    for (const count of this.buckets.values()) total += count;
    const from = Math.max(this.since, (current - this.windowSeconds) * 1000);
    const seconds = Math.max(1, (nowMs - from) / 1000);
    return Math.round((total / seconds) * 10) / 10;
  }

  private forget(current: number): void {
    for (const second of this.buckets.keys()) if (second < current - this.windowSeconds) this.buckets.delete(second);
  }
}
