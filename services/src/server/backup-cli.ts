import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../platform/config.ts';
import { takeBackup } from '../operations/backup.ts';

/** `npm run backup -- DIR`: an online backup of DATA_DIR into the new or empty folder DIR (docs/operations.md#backup). */
async function main() {
  const usage = 'Usage: npm run backup -- DIR   (DIR: a new or empty folder; DATA_DIR: the installation to back up, the server may be running)';
  let target: string | undefined;
  try {
    const args = parseArgs({ args: process.argv.slice(2), allowPositionals: true });
    if (args.positionals.length === 1) target = args.positionals[0];
  } catch {
    // Unknown options: the usage below.
  }
  if (!target) throw new ConfigError(usage);
  const config = loadConfig();
  const started = performance.now();
  const manifest = await takeBackup(config, target, new Date());
  const bytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
  console.log(
    `Backed up ${config.DATA_DIR} into ${target}: the log up to position ${manifest.position} (${manifest.events} events), ${manifest.keys} data keys, ${manifest.files.length} files, ${(bytes / 1e6).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s; checked and described in manifest.json.`,
  );
  if (manifest.secretsFromEnvironment.length > 0)
    console.log(
      `Keep ${manifest.secretsFromEnvironment.join(' and ')} with this backup: the installation takes them from the environment, and the backup cannot be read without them.`,
    );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(error instanceof ConfigError ? 2 : 1);
});
