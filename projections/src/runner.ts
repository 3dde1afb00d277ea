import type { EventFilter, EventStore, RecordedEvent, Subscription } from '@linkledger/contracts';
import { PositionTracker } from './position-tracker.ts';

/** Where a projector writes: it owns its checkpoint and applies a batch atomically with it. */
export interface ProjectionTarget {
  readonly name: string;
  readonly filter: EventFilter;
  /** Last position applied (0 for none). */
  checkpoint(): Promise<number>;
  /** Applies the batch and records `through` as the checkpoint, as one atomic step. */
  apply(batch: RecordedEvent[], through: number): Promise<void>;
  /** Empties everything the projector wrote, checkpoint included. */
  reset(): Promise<void>;
}

export interface RunnerOptions {
  batchSize?: number;
  /** Once live, how long events may gather before a batch is read (see SubscribeOptions). */
  lingerMs?: number;
  /**
   * Under load (a batch of at least `busyBatch` events), how long to let events gather
   * before the next read instead: bigger batches, so the per-batch cost (a commit, an
   * insert) is paid far less often while the log is busy; a quiet log keeps `lingerMs`.
   */
  busyLingerMs?: number;
  busyBatch?: number;
  /** Called after each applied batch, e.g. to drive a progress bar or a live hub. */
  onApplied?: (batch: RecordedEvent[], through: number) => void;
  /** Called when applying fails; the runner retries the same batch after `retryMs`. */
  onError?: (error: unknown) => void;
  retryMs?: number;
}

/**
 * Runs one projector: a catch-up subscription from its checkpoint, each batch applied
 * atomically with the checkpoint, so a crash at any moment neither loses nor repeats work.
 * When applying fails (the store is down), it resubscribes from the stored checkpoint.
 */
export class ProjectionRunner {
  private subscription: Subscription | undefined;
  private readonly progress = new PositionTracker();
  private stopped = false;
  private restartTimer: NodeJS.Timeout | undefined;
  private lingering: { timer: NodeJS.Timeout; done: () => void } | undefined;

  constructor(
    private readonly events: EventStore,
    readonly target: ProjectionTarget,
    private readonly options: RunnerOptions = {},
  ) {}

  get name(): string {
    return this.target.name;
  }

  /** The position this runner has applied up to, as far as this process knows. */
  get applied(): number {
    return this.progress.position;
  }

  async start(): Promise<void> {
    this.stopped = false;
    clearTimeout(this.restartTimer);
    const checkpoint = await this.target.checkpoint();
    if (this.stopped) return;
    this.progress.advance(checkpoint);
    const subscription = this.events.subscribe(
      { after: checkpoint, filter: this.target.filter, batchSize: this.options.batchSize ?? 1000, lingerMs: this.options.lingerMs ?? 0 },
      async (batch, through) => {
        await this.target.apply(batch, through);
        this.progress.advance(through);
        this.options.onApplied?.(batch, through);
        const busyLingerMs = this.options.busyLingerMs ?? 0;
        if (busyLingerMs > 0 && batch.length >= (this.options.busyBatch ?? 100) && !this.stopped) await this.linger(busyLingerMs);
      },
    );
    this.subscription = subscription;
    subscription.done.catch((error: unknown) => this.retryLater(error));
  }

  /**
   * After a failure (the target's store is down), starts again from the stored checkpoint,
   * and keeps trying until the store answers: a projector never stops for good on an error.
   */
  private retryLater(error: unknown): void {
    if (this.stopped) return;
    this.subscription = undefined;
    this.options.onError?.(error);
    clearTimeout(this.restartTimer);
    this.restartTimer = setTimeout(() => {
      if (this.stopped) return;
      this.start().catch((e: unknown) => this.retryLater(e));
    }, this.options.retryMs ?? 1000);
  }

  /** Waits `ms` before the next read, cut short by stop(). */
  private linger(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.lingering = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.lingering = { timer, done };
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.restartTimer);
    this.lingering?.done();
    await this.subscription?.stop();
    this.subscription = undefined;
  }

  /** Resolves true once the projection has applied `position`, false after `timeoutMs`. */
  waitFor(position: number, timeoutMs: number): Promise<boolean> {
    return this.progress.waitFor(position, timeoutMs);
  }
}

/**
 * Events per batch in a rebuild. Much larger than a live batch: each commit rewrites every
 * document the batch touched (a link and its owner's totals per click), so a larger batch
 * folds more of a popular document's clicks into one write; 20,000 parsed events stay well
 * within memory (tens of MB).
 */
export const REBUILD_BATCH = 20_000;

/**
 * Rebuilds a projection from position 0: resets it, then applies the whole log in
 * batches, reporting progress against the head position read at the start.
 */
export async function rebuild(
  events: EventStore,
  target: ProjectionTarget,
  onProgress: (through: number, head: number) => void = () => undefined,
  batchSize = REBUILD_BATCH,
): Promise<number> {
  const head = await events.headPosition();
  await target.reset();
  let after = 0;
  while (after < head) {
    const batch = await events.readAll({ after, limit: batchSize, filter: target.filter });
    const relevant = batch.filter((e) => e.position <= head);
    // A short page means nothing matching is left up to the head.
    const through = relevant.length < batchSize ? head : relevant.at(-1)!.position;
    await target.apply(relevant, through);
    after = through;
    onProgress(through, head);
  }
  return head;
}
