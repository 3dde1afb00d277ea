import { copyFileSync, existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, type Config } from '../platform/config.ts';
import { privateDataDirectory } from '../platform/data-dir.ts';
import { MANIFEST_FILE, Manifest, compareVersions, describeFile, productVersion } from './manifest.ts';
import { checkSnapshot } from './sqlite-snapshot.ts';

type RestoreConfig = Pick<Config, 'DATA_DIR' | 'JWT_SECRET' | 'DATA_KEYS_SECRET' | 'EVENTSTORE_URL' | 'MONGODB_URL'>;

/** A backup that cannot be restored as it is, or a data directory it must not go into. */
export class RestoreRefused extends ConfigError {
  override name = 'RestoreRefused';
}

/**
 * Brings a backup (takeBackup) into an empty data directory (docs/operations.md#restore):
 * checks the manifest, each file's size and sha256 and the product version, copies the
 * files, then checks the copies with SQLite. The read store and analytics are left to be
 * rebuilt from the log.
 */
export async function restoreBackup(backup: string, config: RestoreConfig): Promise<Manifest> {
  if (config.EVENTSTORE_URL || config.MONGODB_URL)
    throw new RestoreRefused('npm run restore fills an embedded data directory: unset EVENTSTORE_URL and MONGODB_URL.');
  const manifest = readManifest(backup);
  if (compareVersions(manifest.productVersion, productVersion()) > 0) {
    throw new RestoreRefused(
      `The backup was taken by version ${manifest.productVersion}, newer than this one (${productVersion()}): restore it with that version or a later one.`,
    );
  }
  for (const expected of manifest.files) {
    if (!existsSync(join(backup, expected.name))) throw new RestoreRefused(`${expected.name} is missing from the backup ${backup}.`);
    const actual = await describeFile(backup, expected.name);
    if (actual.bytes !== expected.bytes || actual.sha256 !== expected.sha256)
      throw new RestoreRefused(`${expected.name} in ${backup} is not the file the backup wrote (its size or sha256 differs): the backup is damaged.`);
  }
  for (const variable of manifest.secretsFromEnvironment) {
    if (!config[variable as 'JWT_SECRET' | 'DATA_KEYS_SECRET'])
      throw new RestoreRefused(`The backed-up installation took ${variable} from the environment: set it to the same value to restore.`);
  }
  if (existsSync(config.DATA_DIR) && readdirSync(config.DATA_DIR).length > 0) {
    throw new RestoreRefused(`${config.DATA_DIR} is not empty: restore into a new or empty data directory (DATA_DIR=…).`);
  }

  privateDataDirectory(config.DATA_DIR);
  try {
    for (const { name } of manifest.files) copyFileSync(join(backup, name), join(config.DATA_DIR, name));
    const checked = checkSnapshot(join(config.DATA_DIR, 'events.db'), join(config.DATA_DIR, 'keys.db'));
    if (checked.head !== manifest.position || checked.events !== manifest.events || checked.keys !== manifest.keys) {
      throw new RestoreRefused(
        `The restored log ends at ${checked.head} with ${checked.events} events and ${checked.keys} keys; the manifest says ${manifest.position}, ${manifest.events} and ${manifest.keys}.`,
      );
    }
  } catch (error) {
    // The directory was empty: leave it so, ready for another try.
    for (const name of readdirSync(config.DATA_DIR)) rmSync(join(config.DATA_DIR, name), { recursive: true, force: true });
    throw error;
  }
  return manifest;
}

function readManifest(backup: string): Manifest {
  const file = join(backup, MANIFEST_FILE);
  if (!existsSync(file)) throw new RestoreRefused(`${backup} has no ${MANIFEST_FILE}: it is not a finished backup (npm run backup writes the manifest last).`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new RestoreRefused(`${file} is not JSON: the backup is damaged.`);
  }
  const manifest = Manifest.safeParse(parsed);
  if (!manifest.success) throw new RestoreRefused(`${file} is not a manifest this version reads: ${manifest.error.issues[0]?.message ?? 'invalid'}.`);
  return manifest.data;
}
