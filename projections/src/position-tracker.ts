/** How far a consumer of the log has got, and waits for it to reach a position. */
export class PositionTracker {
  private current = 0;
  private waiters: { position: number; resolve: () => void }[] = [];

  get position(): number {
    return this.current;
  }

  advance(position: number): void {
    if (position <= this.current) return;
    this.current = position;
    const ready = this.waiters.filter((w) => w.position <= position);
    if (ready.length === 0) return;
    this.waiters = this.waiters.filter((w) => w.position > position);
    for (const waiter of ready) waiter.resolve();
  }

  /** Resolves true once `position` is reached, false after `timeoutMs`. */
  waitFor(position: number, timeoutMs: number): Promise<boolean> {
    if (this.current >= position) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter = {
        position,
        resolve: () => {
          clearTimeout(timer);
          resolve(true);
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        resolve(false);
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }
}
