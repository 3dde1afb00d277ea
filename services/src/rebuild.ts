import cliProgress from 'cli-progress';
import { rebuild } from '@linkledger/projections';
import { ConfigError, loadConfig } from './platform/config.ts';
import { openPlatform } from './platform/platform.ts';

/**
 * `npm run rebuild [-- read|analytics]`: rebuilds projections from position 0 with a
 * progress bar. Run it while the server is stopped (chDB's data directory has one owner).
 */
async function main() {
  const only = process.argv[2];
  if (only && only !== 'read' && only !== 'analytics') throw new ConfigError('Usage: npm run rebuild [-- read|analytics]');
  // Opens the stores without starting this process's projectors: the rebuild drives them.
  const config = { ...loadConfig(), ROLE: 'api' as const };
  const platform = await openPlatform(config, { log: { info: console.log, error: (e, m) => console.error(m, e) } });
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
      bar.start(head, 0, { eps: 0 });
      await rebuild(platform.events, target, (through) => {
        bar.update(through, { eps: Math.round(through / Math.max(0.001, (Date.now() - started) / 1000)) });
      });
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
