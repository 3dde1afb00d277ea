import type { ClickCounts, EventStore, ProjectionRebuildFinished, Subscription } from '@linkledger/contracts';
import { ONLINE_REBUILD_BATCH, ThroughputMeter, rebuildOnline, type OnlineRebuildProgress } from '@linkledger/projections';
import { NO_READ_MODEL, handleCommand } from '../commands/command-handler.ts';
import { evolveRecorded } from '../commands/event-port.ts';
import type { Logger } from '../platform/platform.ts';
import { finishRebuildDecider } from './rebuild-deciders.ts';
import { evolveRebuildLog, loadRebuildLog, openRebuild, type RebuildRecord } from './rebuild-log-state.ts';
import { rebuildPart, type RebuildDeps, type RebuildPart } from './shadow-copies.ts';

/** What this process knows of the rebuild it runs. */
export interface RunningRebuild {
  record: RebuildRecord;
  progress: OnlineRebuildProgress | null;
  eventsPerSecond: number;
}

const SYSTEM = { kind: 'system', id: 'projection-rebuild' } as const;

/**
 * Runs the rebuilds admins start (docs/admin.md#projections), in the process that runs the
 * projectors. A start is an event (`ProjectionRebuildStarted`, appended by whichever process
 * took the request); this executor follows those events, runs one rebuild at a time beside
 * the live projectors (rebuildOnline) and records the finish. A rebuild still open when the
 * process starts (it stopped midway, or nothing ran it yet) is run then.
 */
export class RebuildExecutor {
  /** Events per batch of the copies (a test makes it small to watch a rebuild under way). */
  batchSize = ONLINE_REBUILD_BATCH;
  private current: (RunningRebuild & { meter: ThroughputMeter }) | null = null;
  private readonly taken = new Set<string>();
  private queue: Promise<void> = Promise.resolve();
  private subscription: Subscription | undefined;
  private readonly stopping = new AbortController();

  constructor(
    private readonly platform: RebuildDeps & { events: EventStore; clock: () => Date },
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    const head = await this.platform.events.headPosition();
    const open = openRebuild(await loadRebuildLog(this.platform.events));
    if (open) this.take(open);
    this.subscription = this.platform.events.subscribe({ after: head, filter: { types: ['ProjectionRebuildStarted'] } }, async (batch) => {
      for (const recorded of batch) {
        const [record] = evolveRecorded(evolveRebuildLog, [], recorded);
        if (record) this.take(record);
      }
    });
    this.subscription.done.catch((error: unknown) => this.log.error(error, 'The rebuild executor stopped following rebuild starts'));
  }

  /** The rebuild under way in this process, if any. */
  running(): RunningRebuild | null {
    if (!this.current) return null;
    return { record: this.current.record, progress: this.current.progress, eventsPerSecond: this.current.meter.perSecond() };
  }

  /** Whether this process has taken up the rebuild (running it, or done with it). */
  hasTaken(rebuildId: string): boolean {
    return this.taken.has(rebuildId);
  }

  /** Stops following starts; a rebuild under way is abandoned (its copies dropped) and runs again at the next start. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.subscription?.stop();
    await this.queue;
  }

  private take(record: RebuildRecord): void {
    if (this.taken.has(record.rebuild_id) || this.stopping.signal.aborted) return;
    this.taken.add(record.rebuild_id);
    this.queue = this.queue.then(() => this.run(record)).catch((error: unknown) => this.log.error(error, `Rebuild ${record.rebuild_id} stopped unexpectedly`));
  }

  private async run(record: RebuildRecord): Promise<void> {
    if (this.stopping.signal.aborted) return;
    const { clock } = this.platform;
    const startedAt = clock().getTime();
    const meter = new ThroughputMeter(clock);
    this.current = { record, progress: null, eventsPerSecond: 0, meter };
    const parts: RebuildPart[] = [];
    let applied = 0;
    let clicks: { before: ClickCounts; after: ClickCounts } | null = null;
    let finished: Omit<ProjectionRebuildFinished, 'duration_ms'>;
    try {
      for (const key of record.projections) parts.push(await rebuildPart(this.platform, key));
      const result = await rebuildOnline(this.platform.events, parts, {
        batchSize: this.batchSize,
        signal: this.stopping.signal,
        onCleanUpError: (error) => this.log.error(error, `Rebuild ${record.rebuild_id}: the old copy could not be dropped; the next rebuild drops it`),
        onProgress: (progress) => {
          meter.record(progress.events - applied);
          applied = progress.events;
          if (this.current) this.current.progress = progress;
        },
        beforeSwap: async () => {
          const counts = await parts.find((part) => part.analytics)?.analytics?.counts();
          if (counts) clicks = { before: counts.live, after: counts.copy };
        },
      });
      finished = { rebuild_id: record.rebuild_id, outcome: 'done', through: result.through, events: result.events, error: '', clicks };
    } catch (error) {
      await Promise.all(parts.map(({ copy }) => copy.discard().catch(() => undefined)));
      this.current = null;
      if (this.stopping.signal.aborted) return;
      this.log.error(error, `Rebuild ${record.rebuild_id} (${record.projections.join(', ')}) failed; the live projections are unchanged`);
      finished = {
        rebuild_id: record.rebuild_id,
        outcome: 'failed',
        through: 0,
        events: applied,
        error: error instanceof Error ? error.message : String(error),
        clicks: null,
      };
    }
    this.current = null;
    await this.record({ ...finished, duration_ms: Math.max(0, clock().getTime() - startedAt) }, record);
  }

  private async record(finished: ProjectionRebuildFinished, record: RebuildRecord): Promise<void> {
    try {
      await handleCommand(
        { events: this.platform.events, ...NO_READ_MODEL },
        { actor: SYSTEM, correlationId: record.correlation_id, now: this.platform.clock() },
        finishRebuildDecider,
        finished,
      );
    } catch (error) {
      this.log.error(error, `The end of rebuild ${record.rebuild_id} could not be recorded`);
    }
  }
}
