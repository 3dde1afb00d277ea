import { statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig } from '../platform/config.ts';
import { liveOwner } from '../stores/analytics/owner-link.ts';
import { LogInUseError, upgradeLog } from '../stores/events/upgrade-log.ts';

const USAGE =
  "Usage: npm run upgrade-log [-- --data-dir DIR] [--compact]   (DIR: the installation, DATA_DIR by default; stop the server first; --compact: give the old table's space back to the disk at once)";

/**
 * `npm run upgrade-log [-- --data-dir DIR] [--compact]`: the one-off move of an embedded log
 * written before the click layout to it (docs/operations.md#upgrading-the-event-logs-click-layout).
 * Stop the server first; an interrupted run is resumed by running it again.
 */
export function runUpgradeLogCli(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  out: (line: string) => void = console.log,
  progress: (line: string) => void = (line) => process.stdout.write(`\r${line}   `),
): void {
  let args: { 'data-dir'?: string; compact?: boolean };
  try {
    args = parseArgs({ args: argv, options: { 'data-dir': { type: 'string' }, compact: { type: 'boolean' } } }).values;
  } catch {
    throw new ConfigError(USAGE);
  }
  const config = loadConfig(args['data-dir'] === undefined ? env : { ...env, DATA_DIR: args['data-dir'] });
  if (config.EVENTSTORE_URL) throw new ConfigError('upgrade-log rewrites the embedded SQLite log only; a KurrentDB log has no click layout to change.');
  const owner = liveOwner(config.DATA_DIR);
  if (owner !== null) throw new ConfigError(`Stop the server first: process ${owner} has ${config.DATA_DIR} open.`);
  const file = join(config.DATA_DIR, 'events.db');
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  const result = upgradeLog(file, {
    compact: args.compact === true,
    onProgress: (copiedThrough, head, copied) => progress(`Copying the log: position ${copiedThrough} of ${head}, ${Math.round(copied / seconds())} rows/s`),
  });
  if (result.outcome === 'no-log') return out(`There is no embedded log in ${config.DATA_DIR}: nothing to do.`);
  if (result.outcome === 'already-upgraded') return out(`${file} already has the click layout: nothing to do.`);
  const free = args.compact
    ? ''
    : `, of which ${(result.freeBytes / 1e6).toFixed(1)} MB free pages the log reuses as it grows (--compact gives them back at once)`;
  out(
    `\nDone in ${seconds().toFixed(1)} s: ${result.copied} events copied (${Math.round(result.copied / seconds())} rows/s), the log through position ${result.head} has the click layout; events.db is ${(statSync(file).size / 1e6).toFixed(1)} MB${free}.`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    runUpgradeLogCli(process.argv.slice(2));
  } catch (error: unknown) {
    const operatorError = error instanceof ConfigError || error instanceof LogInUseError;
    console.error(operatorError ? error.message : error);
    process.exit(operatorError ? 2 : 1);
  }
}
