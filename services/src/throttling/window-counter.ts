/**
 * Counts per key within a window that opens at the key's first count (fixed), or at its
 * latest count (sliding: the count is forgotten only after a whole window without one).
 * Time comes from the given clock, so tests move it instead of waiting. Expired keys are
 * dropped when next looked at; past MAX_KEYS the oldest key is dropped, so a flood of new
 * keys cannot grow memory without bound. A window that ends further off than its own
 * length (the clock went back since it opened) is cut back to its length from now, so a
 * step back never holds anyone out longer than one window.
 */
export class WindowCounter {
  static readonly MAX_KEYS = 100_000;
  private readonly entries = new Map<string, { count: number; endsAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number,
    private readonly options: { slides?: boolean } = {},
  ) {}

  /** The key's count in its current window. */
  count(key: string): number {
    return this.live(key)?.count ?? 0;
  }

  /** 0 while the key is under its limit, else the milliseconds until its window ends. */
  waitFor(key: string): number {
    const entry = this.live(key);
    return entry && entry.count >= this.limit ? Math.max(1, entry.endsAt - this.now()) : 0;
  }

  /** Counts one more; returns the key's count. */
  add(key: string): number {
    const entry = this.live(key) ?? { count: 0, endsAt: this.now() + this.windowMs };
    entry.count += 1;
    if (this.options.slides) entry.endsAt = this.now() + this.windowMs;
    // (Re)inserted last, so the first key in the map is the one longest without a count.
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > WindowCounter.MAX_KEYS) this.entries.delete(this.entries.keys().next().value!);
    return entry.count;
  }

  /** Counts one when the key is under its limit and answers 0; else answers the wait (ms) and counts nothing. */
  take(key: string): number {
    const wait = this.waitFor(key);
    if (wait === 0) this.add(key);
    return wait;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  private live(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const now = this.now();
    if (entry.endsAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    if (entry.endsAt - now > this.windowMs) entry.endsAt = now + this.windowMs;
    return entry;
  }
}
