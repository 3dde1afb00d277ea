import type { EventStore } from '@linkledger/contracts';
import { describe, expect, it } from 'vitest';
import { rebuildOnline, type RebuildPhase, type ShadowCopy } from './online-rebuild.ts';
import type { ReadModelProjector } from './read-models/read-model-target.ts';
import { ReadModelTarget } from './read-models/read-model-target.ts';
import { ProjectionRunner } from './runner.ts';
import { MemoryLog } from './testing/memory-log.ts';
import { MemoryReadStore } from './testing/memory-read-store.ts';

interface Tally {
  [field: string]: unknown;
  id: string;
  n: number;
}

/** Counts the sign-up switches per stream: enough of a read model to compare two builds of it. */
const tally: ReadModelProjector = {
  name: 'tally',
  collections: { tallies: [] },
  handles: ['SignupToggled'],
  async apply(_event, recorded, tx) {
    const doc = (await tx.get<Tally>('tallies', recorded.stream)) ?? { id: recorded.stream, n: 0 };
    tx.put('tallies', { ...doc, n: doc.n + 1 });
  },
};

const toggle = (log: MemoryLog, i: number) => log.append(`s${i % 5}`, 'SignupToggled', { enabled: i % 2 === 0 });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What counting every event of the log gives. */
function expected(log: MemoryLog): Record<string, Tally> {
  const counts: Record<string, Tally> = {};
  for (const event of log.events) counts[event.stream] = { id: event.stream, n: (counts[event.stream]?.n ?? 0) + 1 };
  return counts;
}

async function liveProjection(size: number) {
  const log = new MemoryLog();
  for (let i = 0; i < size; i++) toggle(log, i);
  const store = new MemoryReadStore();
  const runner = new ProjectionRunner(log as unknown as EventStore, new ReadModelTarget(store, tally));
  await runner.start();
  expect(await runner.waitFor(size, 2000)).toBe(true);
  const copyOf = async (): Promise<ShadowCopy> => {
    const shadow = await store.shadow('tally', ['tallies']);
    return { target: new ReadModelTarget(shadow, tally), promote: () => shadow.promote(), discard: () => shadow.discard() };
  };
  return { log, store, runner, copyOf };
}

describe('rebuildOnline', () => {
  it('rebuilds into a copy while events keep coming and reads keep answering, then swaps it in', async () => {
    const { log, store, runner, copyOf } = await liveProjection(300);
    // A live read model gone wrong: the rebuild must replace it with the log's truth.
    await store.commit('tally', [{ collection: 'tallies', id: 's0', doc: { id: 's0', n: 999 } }], 300);
    const phases = new Set<RebuildPhase>();
    const readsMeanwhile: number[] = [];
    let appending = true;
    const appender = (async () => {
      for (let i = 300; i < 400; i++) {
        toggle(log, i);
        await sleep(1);
      }
      appending = false;
    })();
    const result = await rebuildOnline(log as unknown as EventStore, [{ runner, copy: await copyOf() }], {
      batchSize: 20,
      onProgress: (progress) => {
        phases.add(progress.phase);
        if (progress.phase !== 'swapping') void store.get<Tally>('tallies', 's1').then((doc) => readsMeanwhile.push(doc?.n ?? -1));
      },
    });
    await appender;
    expect(appending).toBe(false);
    expect(await runner.waitFor(400, 2000)).toBe(true);
    await runner.stop();
    expect(store.snapshot()['tallies']).toEqual(expected(log));
    expect([...phases]).toEqual(expect.arrayContaining(['copying', 'swapping']));
    expect(result.through).toBeGreaterThanOrEqual(300);
    // The live read model answered all along, never empty.
    expect(readsMeanwhile.length).toBeGreaterThan(5);
    expect(readsMeanwhile.every((n) => n >= 60)).toBe(true);
  });

  it('leaves the live projection as it was and running when the copy fails', async () => {
    const { log, store, runner, copyOf } = await liveProjection(100);
    const copy = await copyOf();
    let discarded = false;
    let batches = 0;
    const failing: ShadowCopy = {
      target: {
        ...copy.target,
        name: copy.target.name,
        filter: copy.target.filter,
        checkpoint: () => copy.target.checkpoint(),
        reset: () => copy.target.reset(),
        apply: async (batch, through) => {
          if (++batches === 3) throw new Error('copy store down');
          await copy.target.apply(batch, through);
        },
      },
      promote: copy.promote,
      discard: async () => {
        discarded = true;
        await copy.discard();
      },
    };
    const before = store.snapshot();
    await expect(rebuildOnline(log as unknown as EventStore, [{ runner, copy: failing }], { batchSize: 10 })).rejects.toThrow('copy store down');
    expect(discarded).toBe(true);
    expect(store.snapshot()).toEqual(before);
    toggle(log, 100);
    expect(await runner.waitFor(101, 2000)).toBe(true);
    expect(runner.status().state).toBe('running');
    await runner.stop();
  });

  it('starts the live projector again when the swap itself fails', async () => {
    const { log, runner, copyOf } = await liveProjection(50);
    const copy = await copyOf();
    const promoteFails: ShadowCopy = { ...copy, promote: () => Promise.reject(new Error('rename refused')) };
    await expect(rebuildOnline(log as unknown as EventStore, [{ runner, copy: promoteFails }], { batchSize: 10 })).rejects.toThrow('rename refused');
    toggle(log, 50);
    expect(await runner.waitFor(51, 2000)).toBe(true);
    await runner.stop();
  });
});
