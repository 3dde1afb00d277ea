import type { EventStore } from '@linkledger/contracts';
import { applyRange, type ProjectionRunner, type ProjectionTarget } from './runner.ts';

/**
 * Events per batch in a rebuild beside live traffic: small enough that one batch (a commit of
 * the read store, which better-sqlite3 runs on the main thread) holds up a redirect for a few
 * milliseconds at most, large enough that the rebuild still moves at thousands of events a second.
 */
export const ONLINE_REBUILD_BATCH = 2000;

/** A projection's copy being rebuilt: where it writes, and how it takes the live projection's place. */
export interface ShadowCopy {
  target: ProjectionTarget;
  /** Puts the copy in place of the live projection (called with its runner stopped, both at the same position). */
  /** Swaps the copy in; answers the clean-up of the old data, run after the live projector resumes. */
  promote(): Promise<() => Promise<void>>;
  /** Drops the copy. */
  discard(): Promise<void>;
}

/** One projection to rebuild: its live runner and its copy. */
export interface OnlinePart {
  runner: ProjectionRunner;
  copy: ShadowCopy;
}

export type RebuildPhase = 'copying' | 'catching_up' | 'swapping';

export interface OnlineRebuildProgress {
  phase: RebuildPhase;
  /** Per projection: the position its copy has reached, and the head it is heading for. */
  parts: { name: string; through: number; head: number }[];
  /** Events the copies have applied so far. */
  events: number;
}

interface OnlineRebuildOptions {
  batchSize?: number;
  onProgress?: (progress: OnlineRebuildProgress) => void;
  /** With the live projectors stopped and every copy at `through`, just before the swap. */
  beforeSwap?: (through: number) => Promise<void>;
  signal?: AbortSignal;
  /** Rounds of catching up with the head before the swap stops the live projectors for the rest. */
  catchUpRounds?: number;
  /** Dropping the old data failed after a successful swap: the rebuild stands, the space is not freed yet. */
  onCleanUpError?: (error: unknown) => void;
}

/**
 * Rebuilds projections from position 0 into copies while the live projectors keep running
 * and answering reads, then swaps them in:
 * 1. each copy is emptied and fed the whole log up to the head, in small batches;
 * 2. the copies catch up with what was appended meanwhile, until less than a batch is left;
 * 3. the live runners stop (each finishes its batch in flight), the copies and the live
 *    projections are both brought to the same position, the copies are promoted, and the
 *    runners start again from their (unchanged) checkpoint, now on the copies' data.
 * Only step 3 pauses the live projectors, for about one batch; reads never pause. On failure
 * the copies are dropped and the live projections are as they were.
 */
export async function rebuildOnline(
  events: EventStore,
  parts: readonly OnlinePart[],
  options: OnlineRebuildOptions = {},
): Promise<{ through: number; events: number }> {
  const batchSize = options.batchSize ?? ONLINE_REBUILD_BATCH;
  const through = parts.map(() => 0);
  const heads = parts.map(() => 0);
  let applied = 0;
  let phase: RebuildPhase = 'copying';
  const report = () =>
    options.onProgress?.({ phase, parts: parts.map((part, i) => ({ name: part.runner.name, through: through[i]!, head: heads[i]! })), events: applied });
  const copyUpTo = async (i: number, to: number) => {
    heads[i] = Math.max(heads[i]!, to);
    through[i] = await applyRange(events, parts[i]!.copy.target, through[i]!, to, {
      batchSize,
      signal: options.signal,
      onBatch: (count, at) => {
        applied += count;
        through[i] = at;
        report();
      },
    });
  };

  try {
    for (const { copy } of parts) {
      await copy.target.reset();
      await copy.target.prepare?.();
    }
    const head = await events.headPosition();
    for (let i = 0; i < parts.length; i++) await copyUpTo(i, head);
    phase = 'catching_up';
    for (let round = 0; round < (options.catchUpRounds ?? 5); round++) {
      const now = await events.headPosition();
      if (through.every((position) => now - position <= batchSize)) break;
      for (let i = 0; i < parts.length; i++) await copyUpTo(i, now);
    }
    phase = 'swapping';
    report();
    return { through: await swap(events, parts, through, copyUpTo, options), events: applied };
  } catch (error) {
    await Promise.all(parts.map(({ copy }) => copy.discard().catch(() => undefined)));
    throw error;
  }
}

async function swap(
  events: EventStore,
  parts: readonly OnlinePart[],
  through: number[],
  copyUpTo: (i: number, to: number) => Promise<void>,
  options: OnlineRebuildOptions,
): Promise<number> {
  await Promise.all(parts.map(({ runner }) => runner.stop()));
  const cleanUps: (() => Promise<void>)[] = [];
  let position: number;
  try {
    // Where each live projection stands: what its runner applied, or its store's checkpoint if
    // that is further (a commit that succeeded as the store's connection dropped).
    const live = await Promise.all(parts.map(async ({ runner }) => Math.max(runner.applied, await runner.target.checkpoint())));
    position = Math.max(...through, ...live);
    for (let i = 0; i < parts.length; i++) {
      await copyUpTo(i, position);
      await applyRange(events, parts[i]!.runner.target, live[i]!, position, { batchSize: options.batchSize ?? ONLINE_REBUILD_BATCH });
    }
    await options.beforeSwap?.(position);
    for (const { copy } of parts) cleanUps.push(await copy.promote());
  } finally {
    for (const part of parts) part.runner.resume();
  }
  // The old data goes once the live projectors run again: dropping it never holds them.
  for (const cleanUp of cleanUps) await cleanUp().catch((error: unknown) => options.onCleanUpError?.(error));
  return position;
}
