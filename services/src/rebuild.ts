import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { REBUILD_BATCH, rebuild } from '@linkledger/projections';
import { ConfigError, loadConfig } from './platform/config.ts';
import { AnalyticsOwnedElsewhere, openPlatform } from './platform/platform.ts';

/**
 * `npm run rebuild [-- read|analytics] [--batch N]`: rebuilds projections from position 0 with a
 * progress bar. Run it while the server is stopped (chDB's data directory has one owner).
 */
async function main() {
  const usage = 'Usage: npm run rebuild [-- [read|analytics] [--batch N]]';
  let args;
  try {
    args = parseArgs({ args: process.argv.slice(2), allowPositionals: true, options: { batch: { type: 'string' } } });
  } catch {
    throw new ConfigError(usage);
  }
  const only = args.positionals[0];
  const batchSize = Number(args.values.batch ?? REBUILD_BATCH);
  if ((only && only !== 'read' && only !== 'analytics') || args.positionals.length > 1 || !Number.isInteger(batchSize) || batchSize < 1) throw new ConfigError(usage);
  // Opens the stores (analytics included: this process must own them) without starting the
  // projectors: the rebuild drives them.
  const config = { ...loadConfig(), ROLE: 'projector' as const };
  const platform = await openPlatform(config, { log: { info: console.log, error: (e, m) => console.error(m, e) }, projectors: false }).catch((error: unknown) => {
    if (!(error instanceof AnalyticsOwnedElsewhere)) throw error;
    throw new ConfigError(`Stop the server first: a process${error.ownerPid === null ? '' : ` (pid ${error.ownerPid})`} has ${error.path} open, and a rebuild must own it.`);
  });
  const targets = [
    ...(only !== 'analytics' ? [platform.readModelTarget] : []),
    ...(only !== 'read' ? [platform.analyticsTarget] : []),
  ];
  try {
    for (const target of targets) {
      const bar = new cliProgress.SingleBar(
        { format: `${target.name.padEnd(16)} [{bar}] {percentage}% | {value}/{total} positions | {eps} events/s`, hideCursor: true },
        cliProgress.Presets.shades_classic,
      );
      const started = Date.now();
      const head = await platform.events.headPosition();
      console.log(`${target.name}: rebuilding ${head} positions`);
      bar.start(head, 0, { eps: 0 });
      await rebuild(platform.events, target, (through) => {
        bar.update(through, { eps: Math.round(through / Math.max(0.001, (Date.now() - started) / 1000)) });
      }, batchSize);
      bar.update(head);
      bar.stop();
      console.log(`${target.name}: rebuilt ${head} positions in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  } finally {
    await platform.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(error instanceof ConfigError ? 2 : 1);
});
