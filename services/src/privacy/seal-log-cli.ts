import { ConfigError, loadConfig } from '../platform/config.ts';
import { liveOwner } from '../stores/analytics/owner-link.ts';
import { openDataKeyStore } from './open-data-key-store.ts';
import { sealLog } from './seal-log.ts';

/**
 * `npm run seal-log`: the one-off migration of an embedded installation whose log was written
 * before personal fields were sealed (docs/privacy.md#older-installations). Stop the server
 * first; a run that is interrupted is resumed by running it again.
 */
async function main() {
  const config = loadConfig();
  if (config.EVENTSTORE_URL) {
    throw new ConfigError(
      'seal-log rewrites the embedded SQLite log only; a KurrentDB log is covered by the exception in docs/privacy.md#older-installations.',
    );
  }
  const owner = liveOwner(config.DATA_DIR);
  if (owner !== null) throw new ConfigError(`Stop the server first: process ${owner} has ${config.DATA_DIR} open, and the log is about to be replaced.`);
  const keys = await openDataKeyStore(config);
  const started = Date.now();
  try {
    const result = await sealLog({
      dataDir: config.DATA_DIR,
      keys,
      onProgress: (copied, head) => process.stdout.write(`\rSealing the log: position ${copied} of ${head}`),
    });
    process.stdout.write('\n');
    console.log(
      result.swapped
        ? `Done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${result.copied} events copied, ${result.sealed} with personal fields sealed; the old log was deleted.`
        : 'There is no embedded log in this data directory: nothing to do.',
    );
  } finally {
    await keys.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(error instanceof ConfigError ? 2 : 1);
});
