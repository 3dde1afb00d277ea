import type { EventFilter, EventStore, RecordedEvent, Subscription } from '@linkledger/contracts';
import { PositionTracker } from './position-tracker.ts';
import { ThroughputMeter } from './throughput.ts';

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
  /** Loads what applying needs (the bot policy in force), before a start or a rebuild applies anything. */
  prepare?(): Promise<void>;
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
  /** The clock of the status: events per second and the time of the last error. */
  now?: () => Date;
}

/** What a runner knows of itself, for the admin's projections tab (docs/admin.md#projections). */
interface RunnerStatus {
  /** `running`; `retrying` after a failure, until a batch applies again; `stopped` (e.g. while a rebuild swaps it). */
  state: 'running' | 'retrying' | 'stopped';
  /** The position applied up to, events it skips included. */
  applied: number;
  /** Events applied per second over the last few seconds. */
  eventsPerSecond: number;
  lastError: { message: string; at: string } | null;
}

/**
 * Runs one projector: a catch-up subscription from its checkpoint, each batch applied
 * atomically with the checkpoint, so a crash at any moment neither loses nor repeats work.
 * When applying fails (the store is down), it resubscribes from the stored checkpoint.
 */
export class ProjectionRunner {
  private subscription: Subscription | undefined;
  private readonly progress = new PositionTracker();
  // Stopped until started (and again after stop()).
  private stopped = true;
  private restartTimer: NodeJS.Timeout | undefined;
  private lingering: { timer: NodeJS.Timeout; done: () => void } | undefined;
  private readonly meter: ThroughputMeter;
  private lastError: RunnerStatus['lastError'] = null;
  private failing = false;

  constructor(
    private readonly events: EventStore,
    readonly target: ProjectionTarget,
    private readonly options: RunnerOptions = {},
  ) {
    this.meter = new ThroughputMeter(() => this.now());
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  get name(): string {
    return this.target.name;
  }

  /** The position this runner has applied up to, as far as this process knows. */
  get applied(): number {
    return this.progress.position;
  }

  status(): RunnerStatus {
    return {
      state: this.stopped ? 'stopped' : this.failing ? 'retrying' : 'running',
      applied: this.applied,
      eventsPerSecond: this.meter.perSecond(),
      lastError: this.lastError,
    };
  }

  async start(): Promise<void> {
    this.stopped = false;
    clearTimeout(this.restartTimer);
    await this.target.prepare?.();
    const checkpoint = await this.target.checkpoint();
    if (this.stopped) return;
    this.progress.advance(checkpoint);
    const subscription = this.events.subscribe(
      { after: checkpoint, filter: this.target.filter, batchSize: this.options.batchSize ?? 1000, lingerMs: this.options.lingerMs ?? 0 },
      async (batch, through) => {
        await this.target.apply(batch, through);
        this.progress.advance(through);
        this.meter.record(batch.length);
        this.failing = false;
        this.options.onApplied?.(batch, through);
        const busyLingerMs = this.options.busyLingerMs ?? 0;
        if (busyLingerMs > 0 && batch.length >= (this.options.busyBatch ?? 100) && !this.stopped) await this.linger(busyLingerMs);
      },
    );
    this.subscription = subscription;
    subscription.done.catch((error: unknown) => this.retryLater(error));
  }

  /** Starts again after stop(), retrying like after a failure until the store answers. */
  resume(): void {
    this.start().catch((error: unknown) => this.retryLater(error));
  }

  /**
   * After a failure (the target's store is down), starts again from the stored checkpoint,
   * and keeps trying until the store answers: a projector never stops for good on an error.
   */
  private retryLater(error: unknown): void {
    if (this.stopped) return;
    this.subscription = undefined;
    this.failing = true;
    this.lastError = { message: error instanceof Error ? error.message : String(error), at: this.now().toISOString() };
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
 * Applies the log's events for `target` after position `after` up to `through`, in batches of
 * `batchSize`, and returns `through`. Between batches it lets the event loop run, so a rebuild
 * beside live traffic delays no request by more than one batch.
 */
export async function applyRange(
  events: Pick<EventStore, 'readAll'>,
  target: ProjectionTarget,
  after: number,
  through: number,
  options: { batchSize?: number; onBatch?: (applied: number, at: number) => void; signal?: AbortSignal } = {},
): Promise<number> {
  const batchSize = options.batchSize ?? REBUILD_BATCH;
  let at = after;
  while (at < through) {
    options.signal?.throwIfAborted();
    const batch = await events.readAll({ after: at, limit: batchSize, filter: target.filter });
    const relevant = batch.filter((e) => e.position <= through);
    // A short page means nothing matching is left up to `through`.
    const next = relevant.length < batchSize ? through : relevant.at(-1)!.position;
    await target.apply(relevant, next);
    at = next;
    options.onBatch?.(relevant.length, at);
    if (at < through) await new Promise((resolve) => setImmediate(resolve));
  }
  return Math.max(at, after);
}

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
  await target.prepare?.();
  await applyRange(events, target, 0, head, { batchSize, onBatch: (_, at) => onProgress(at, head) });
  return head;
}
