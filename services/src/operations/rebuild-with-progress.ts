import cliProgress from 'cli-progress';
import { rebuild, type ProjectionTarget } from '@linkledger/projections';
import type { EventStore } from '@linkledger/contracts';

/** Rebuilds each projection from position 0 with a progress bar on the terminal (npm run rebuild, npm run restore). */
export async function rebuildWithProgress(events: EventStore, targets: ProjectionTarget[], batchSize: number): Promise<void> {
  for (const target of targets) {
    const bar = new cliProgress.SingleBar(
      { format: `${target.name.padEnd(16)} [{bar}] {percentage}% | {value}/{total} positions | {eps} events/s`, hideCursor: true },
      cliProgress.Presets.shades_classic,
    );
    const started = Date.now();
    const head = await events.headPosition();
    console.log(`${target.name}: rebuilding ${head} positions`);
    bar.start(head, 0, { eps: 0 });
    await rebuild(
      events,
      target,
      (through) => {
        bar.update(through, { eps: Math.round(through / Math.max(0.001, (Date.now() - started) / 1000)) });
      },
      batchSize,
    );
    bar.update(head);
    bar.stop();
    console.log(`${target.name}: rebuilt ${head} positions in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}
