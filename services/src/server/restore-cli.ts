import { parseArgs } from 'node:util';
import { REBUILD_BATCH } from '@linkledger/projections';
import { ConfigError, loadConfig } from '../platform/config.ts';
import { openPlatform } from './open-platform.ts';
import { rebuildWithProgress } from '../operations/rebuild-with-progress.ts';
import { restoreBackup } from '../operations/restore.ts';

/**
 * `DATA_DIR=NEW npm run restore -- DIR`: checks the backup in DIR, copies it into the empty
 * data directory, then rebuilds the read model and analytics from the log with progress, so
 * the first start serves complete data (docs/operations.md#restore).
 */
async function main() {
  const usage = 'Usage: DATA_DIR=NEW npm run restore -- DIR [--no-rebuild]   (DIR: a folder npm run backup wrote; NEW: a new or empty data directory)';
  let args;
  try {
    args = parseArgs({ args: process.argv.slice(2), allowPositionals: true, options: { 'no-rebuild': { type: 'boolean' } } });
  } catch {
    throw new ConfigError(usage);
  }
  const backup = args.positionals[0];
  if (!backup || args.positionals.length !== 1) throw new ConfigError(usage);
  const config = { ...loadConfig(), ROLE: 'projector' as const };
  const manifest = await restoreBackup(backup, config);
  console.log(
    `Restored the log up to position ${manifest.position} (${manifest.events} events, backed up ${manifest.createdAt} by version ${manifest.productVersion}) and ${manifest.keys} data keys into ${config.DATA_DIR}.`,
  );
  if (args.values['no-rebuild']) {
    console.log('The read model and analytics will be rebuilt from the log when the server starts.');
    return;
  }
  // Opening the platform runs the start-up checks (keys against the log) before the rebuild.
  const platform = await openPlatform(config, { log: { info: console.log, error: (e, m) => console.error(m, e) }, projectors: false });
  try {
    await rebuildWithProgress(platform.events, [platform.readModelTarget, platform.analyticsTarget], REBUILD_BATCH);
  } finally {
    await platform.close();
  }
  console.log('Restore finished: start the server on this DATA_DIR.');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(error instanceof ConfigError ? 2 : 1);
});
