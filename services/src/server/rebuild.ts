import { parseArgs } from 'node:util';
import { REBUILD_BATCH } from '@linkledger/projections';
import { ConfigError, loadConfig } from '../platform/config.ts';
import { openPlatform } from './open-platform.ts';
import { AnalyticsOwnedElsewhere } from './open-stores.ts';
import { rebuildWithProgress } from '../operations/rebuild-with-progress.ts';

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
  if ((only && only !== 'read' && only !== 'analytics') || args.positionals.length > 1 || !Number.isInteger(batchSize) || batchSize < 1)
    throw new ConfigError(usage);
  // Opens the stores (analytics included: this process must own them) without starting the
  // projectors: the rebuild drives them.
  const config = { ...loadConfig(), ROLE: 'projector' as const };
  const platform = await openPlatform(config, { log: { info: console.log, error: (e, m) => console.error(m, e) }, projectors: false }).catch(
    (error: unknown) => {
      if (!(error instanceof AnalyticsOwnedElsewhere)) throw error;
      throw new ConfigError(
        `Stop the server first: a process${error.ownerPid === null ? '' : ` (pid ${error.ownerPid})`} has ${error.path} open, and a rebuild must own it.`,
      );
    },
  );
  const targets = [...(only !== 'analytics' ? [platform.readModelTarget] : []), ...(only !== 'read' ? [platform.analyticsTarget] : [])];
  try {
    await rebuildWithProgress(platform.events, targets, batchSize);
  } finally {
    await platform.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(error instanceof ConfigError ? 2 : 1);
});
