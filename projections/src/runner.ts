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
    this.progress.advance(await this.target.checkpoint());
    this.subscription = this.events.subscribe(
      { after: this.progress.position, filter: this.target.filter, batchSize: this.options.batchSize ?? 1000, lingerMs: this.options.lingerMs ?? 0 },
      async (batch, through) => {
        await this.target.apply(batch, through);
        this.progress.advance(through);
        this.options.onApplied?.(batch, through);
      },
    );
    this.subscription.done.catch((error: unknown) => {
      if (this.stopped) return;
      this.options.onError?.(error);
      this.restartTimer = setTimeout(() => void this.start().catch((e: unknown) => this.options.onError?.(e)), this.options.retryMs ?? 1000);
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.restartTimer);
    await this.subscription?.stop();
    this.subscription = undefined;
  }

  /** Resolves true once the projection has applied `position`, false after `timeoutMs`. */
  waitFor(position: number, timeoutMs: number): Promise<boolean> {
    return this.progress.waitFor(position, timeoutMs);
  }
}

/**
 * Rebuilds a projection from position 0: resets it, then applies the whole log in
 * batches, reporting progress against the head position read at the start.
 */
export async function rebuild(
  events: EventStore,
  target: ProjectionTarget,
  onProgress: (through: number, head: number) => void = () => undefined,
  batchSize = 5000,
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
