import { closeSync, fdatasync, openSync } from 'node:fs';
import { StoreWriteError } from '../store-write-error.ts';

interface Waiter {
  position: number;
  done: (error?: Error) => void;
}

/** Syncs running at once: one more may start while the disk finishes the previous one. */
const MAX_IN_FLIGHT = 2;

/**
 * Makes the event log's WAL durable from the thread pool (docs/architecture.md#durable-clicks).
 * Commits are made without a sync; whoever needs a position on disk (the append's caller
 * before it answers, a reader before it acts on what it read) asks for it here. One
 * fdatasync covers everything written to the file before it began, so a sync serves every
 * position committed by then, and a second may start while the first runs: an append waits
 * for about one sync, not for the one under way and then its own.
 */
export class WalSync {
  /** Every position up to here is on disk. */
  private durable = 0;
  /** The highest position asked for. */
  private wanted = 0;
  /** The highest position the syncs under way will cover. */
  private covering = 0;
  private inFlight = 0;
  private waiters: Waiter[] = [];
  private fd: number | null = null;
  private idle: (() => void) | null = null;

  constructor(
    private readonly walFile: string,
    /** A failed sync: the appends it covered are refused; the next append syncs afresh. */
    private readonly onFailure: (error: Error) => void,
    /** The sync itself (tests hold or fail it). */
    private readonly sync: (fd: number, done: (error: Error | null) => void) => void = fdatasync,
  ) {}

  get durableThrough(): number {
    return this.durable;
  }

  /**
   * Calls `done` once every position up to `position` (committed and visible already) is on
   * disk: at once when it is. Callers are answered in the order they asked, so appends
   * resolve in commit order.
   */
  through(position: number, done: (error?: Error) => void): void {
    if (position <= this.durable) return done();
    this.waiters.push({ position, done });
    if (position > this.wanted) this.wanted = position;
    this.start();
  }

  /** The same, as a promise (readers). */
  reached(position: number): Promise<void> {
    if (position <= this.durable) return Promise.resolve();
    return new Promise((resolve, reject) => this.through(position, (error) => (error ? reject(error) : resolve())));
  }

  /** One sync of the WAL now, whatever is asked for: whether the disk takes a sync again (health, after a failure). */
  check(): Promise<void> {
    return new Promise((resolve, reject) => {
      let fd: number;
      try {
        fd = this.fd ??= openSync(this.walFile, 'r');
      } catch (error) {
        return (error as NodeJS.ErrnoException).code === 'ENOENT' ? resolve() : reject(new StoreWriteError('event', error));
      }
      this.sync(fd, (error) => (error ? reject(new StoreWriteError('event', error)) : resolve()));
    });
  }

  /** Something else made positions durable (a commit with synchronous=FULL syncs the whole WAL). */
  markDurable(position: number): void {
    if (position <= this.durable) return;
    this.durable = position;
    this.answer();
  }

  private start(): void {
    if (this.inFlight >= MAX_IN_FLIGHT || this.wanted <= Math.max(this.durable, this.covering)) return;
    let fd: number;
    try {
      fd = this.fd ??= openSync(this.walFile, 'r');
    } catch (error) {
      // No WAL file: it is removed only after a complete checkpoint, which synced the database.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return this.markDurable(this.wanted);
      return this.fail(error);
    }
    const covers = this.wanted;
    this.covering = covers;
    this.inFlight += 1;
    this.sync(fd, (error) => {
      this.inFlight -= 1;
      if (error) return this.fail(error);
      this.markDurable(covers);
      this.start();
      if (this.inFlight === 0) this.idle?.();
    });
  }

  private answer(): void {
    if (this.waiters.length === 0) return;
    const waiting: Waiter[] = [];
    const ready: Waiter[] = [];
    for (const waiter of this.waiters) (waiter.position <= this.durable ? ready : waiting).push(waiter);
    this.waiters = waiting;
    for (const waiter of ready) waiter.done();
  }

  /**
   * Refuses everyone waiting, and keeps nothing of the failure: the next position asked for
   * starts a new sync on a newly opened file (docs/architecture.md#self-healing-stores).
   */
  private fail(error: unknown): void {
    const failure = new StoreWriteError('event', error);
    const waiters = this.waiters;
    this.waiters = [];
    this.wanted = this.durable;
    this.covering = this.durable;
    if (this.fd !== null && this.inFlight === 0) {
      closeSync(this.fd);
      this.fd = null;
    }
    for (const waiter of waiters) waiter.done(failure);
    this.onFailure(failure);
    if (this.inFlight === 0) this.idle?.();
  }

  /** Waits for the syncs under way, then lets the file go. */
  async close(): Promise<void> {
    if (this.inFlight > 0) await new Promise<void>((resolve) => (this.idle = resolve));
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}
