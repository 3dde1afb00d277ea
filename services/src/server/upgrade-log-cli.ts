import { statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../platform/config.ts';
import { liveOwner } from '../stores/analytics/owner-link.ts';
import { LogInUseError, upgradeLog } from '../stores/events/upgrade-log.ts';

/**
 * `npm run upgrade-log [-- --data-dir DIR] [--compact]`: the one-off move of an embedded log written before
 * the click layout to it (docs/operations.md#upgrading-the-event-logs-click-layout). Stop the
 * server first; an interrupted run is resumed by running it again.
 */
function main() {
  const usage =
    "Usage: npm run upgrade-log [-- --data-dir DIR] [--compact]   (DIR: the installation, DATA_DIR by default; stop the server first; --compact: give the old table's space back to the disk at once)";
  let args: { 'data-dir'?: string; compact?: boolean };
  try {
    args = parseArgs({ args: process.argv.slice(2), options: { 'data-dir': { type: 'string' }, compact: { type: 'boolean' } } }).values;
  } catch {
    throw new ConfigError(usage);
  }
  const dataDir = args['data-dir'];
  if (dataDir !== undefined) process.env['DATA_DIR'] = dataDir;
  const config = loadConfig();
  if (config.EVENTSTORE_URL) throw new ConfigError('upgrade-log rewrites the embedded SQLite log only; a KurrentDB log has no click layout to change.');
  const owner = liveOwner(config.DATA_DIR);
  if (owner !== null) throw new ConfigError(`Stop the server first: process ${owner} has ${config.DATA_DIR} open.`);
  const file = join(config.DATA_DIR, 'events.db');
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  let reported = false;
  const result = upgradeLog(file, {
    compact: args.compact === true,
    onProgress: (copiedThrough, head, copied) => {
      reported = true;
      process.stdout.write(`\rCopying the log: position ${copiedThrough} of ${head}, ${Math.round(copied / seconds())} rows/s   `);
    },
  });
  if (reported) process.stdout.write('\n');
  if (result.outcome === 'no-log') console.log(`There is no embedded log in ${config.DATA_DIR}: nothing to do.`);
  else if (result.outcome === 'already-upgraded') console.log(`${file} already has the click layout: nothing to do.`);
  else
    console.log(
      `Done in ${seconds().toFixed(1)} s: ${result.copied} events copied (${Math.round(result.copied / seconds())} rows/s), the log through position ${result.head} has the click layout; events.db is ${(statSync(file).size / 1e6).toFixed(1)} MB${args.compact ? '' : `, of which ${(result.freeBytes / 1e6).toFixed(1)} MB free pages the log reuses as it grows (--compact gives them back at once)`}.`,
    );
}

try {
  main();
} catch (error: unknown) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(error instanceof ConfigError || error instanceof LogInUseError ? 2 : 1);
}
