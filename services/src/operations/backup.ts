import { copyFileSync, existsSync, fsyncSync, mkdirSync, openSync, closeSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ConfigError, type Config } from '../platform/config.ts';
import { MANIFEST_FILE, MANIFEST_FORMAT, describeFile, productVersion, type Manifest } from './manifest.ts';
import { checkSnapshot, headOf } from './sqlite-snapshot.ts';
import { cutClickIndexAt } from '../stores/events/sqlite-click-layout.mjs';

/** The secret files a data directory may hold, with the variable that replaces each. */
const SECRET_FILES = [
  { file: 'secret.key', variable: 'JWT_SECRET' },
  { file: 'data-keys.key', variable: 'DATA_KEYS_SECRET' },
] as const;

type BackupConfig = Pick<Config, 'DATA_DIR' | 'JWT_SECRET' | 'DATA_KEYS_SECRET' | 'EVENTSTORE_URL' | 'MONGODB_URL'>;

interface BackupOptions {
  /** Runs between the keys' copy and the log's: where a wrong order would lose keys (tests). */
  afterKeysCopied?: () => Promise<void>;
}

/**
 * An online backup of an embedded installation into an empty folder (docs/operations.md#backup):
 * keys.db, then events.db cut at the log position read while the key store was locked, the
 * secret files, a check of the copies and a manifest written last. The read store and
 * analytics are not copied: restore rebuilds them from the log, so no copy of them can be
 * newer or older than the log.
 */
export async function takeBackup(config: BackupConfig, target: string, now: Date, options: BackupOptions = {}): Promise<Manifest> {
  if (config.EVENTSTORE_URL || config.MONGODB_URL) {
    throw new ConfigError(
      'npm run backup copies an embedded data directory: with EVENTSTORE_URL or MONGODB_URL set, back up KurrentDB and MongoDB with their own tools (docs/operations.md#server-mode).',
    );
  }
  const eventsFile = join(config.DATA_DIR, 'events.db');
  const keysFile = join(config.DATA_DIR, 'keys.db');
  for (const file of [eventsFile, keysFile])
    if (!existsSync(file)) throw new ConfigError(`${file} does not exist: DATA_DIR must name the data directory of an installation that has started once.`);
  // The copies hold the secrets and personal data: the service user's alone, like the data directory.
  process.umask(0o077);
  prepareEmptyFolder(target);

  const events = new Database(eventsFile, { fileMustExist: true });
  let position: number;
  try {
    events.pragma('busy_timeout = 5000');
    position = copyKeysAtPosition(keysFile, join(target, 'keys.db'), events);
    await options.afterKeysCopied?.();
    // VACUUM INTO reads one WAL snapshot, whatever the server appends meanwhile; the copy
    // is then cut back to the position whose keys are all in the keys copy.
    events.prepare('VACUUM INTO ?').run(join(target, 'events.db'));
    cutLogAt(join(target, 'events.db'), position);
  } finally {
    events.close();
  }

  const secretsFromEnvironment: string[] = [];
  for (const { file, variable } of SECRET_FILES) {
    if (config[variable]) secretsFromEnvironment.push(variable);
    else if (existsSync(join(config.DATA_DIR, file))) copyFileSync(join(config.DATA_DIR, file), join(target, file));
  }

  const checked = checkSnapshot(join(target, 'events.db'), join(target, 'keys.db'));
  if (checked.head !== position) throw new Error(`The log's copy ends at ${checked.head}, not at the position ${position} its keys were copied at.`);
  const names = readdirSync(target).sort();
  const manifest: Manifest = {
    format: MANIFEST_FORMAT,
    productVersion: productVersion(),
    createdAt: now.toISOString(),
    position,
    events: checked.events,
    keys: checked.keys,
    secretsFromEnvironment,
    files: await Promise.all(names.map((name) => describeFile(target, name))),
  };
  for (const name of names) syncFile(join(target, name));
  // Written last, through a rename: a folder with a manifest is a whole backup.
  writeFileSync(join(target, `${MANIFEST_FILE}.tmp`), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  syncFile(join(target, `${MANIFEST_FILE}.tmp`));
  renameSync(join(target, `${MANIFEST_FILE}.tmp`), join(target, MANIFEST_FILE));
  syncFile(target);
  return manifest;
}

/**
 * Copies keys.db while holding its write lock, and reads the log's last position under the
 * same lock. A key is created before the first event sealed with it is appended and cannot
 * be created while the lock is held, so every event up to that position has its key in the
 * copy. A key destroyed after the copy belongs to a deletion whose event is after the
 * position (not in the backup) or in it: then reading the log destroys the key again.
 */
function copyKeysAtPosition(keysFile: string, copy: string, events: Database.Database): number {
  const keys = new Database(keysFile, { fileMustExist: true });
  try {
    keys.pragma('busy_timeout = 5000');
    keys.exec('BEGIN IMMEDIATE');
    try {
      const position = headOf(events);
      // Under the write lock of a rollback-journal database the file itself is whole.
      copyFileSync(keysFile, copy);
      return position;
    } finally {
      keys.exec('ROLLBACK');
    }
  } finally {
    keys.close();
  }
}

/** Removes the events after `position` from a copy, and lets the next append take position + 1. */
function cutLogAt(file: string, position: number): void {
  const db = new Database(file, { fileMustExist: true });
  try {
    // No VACUUM after: it would rewrite the whole log once more for the few pages the cut
    // frees, which the restored installation's next appends reuse anyway.
    db.transaction(() => {
      db.prepare('DELETE FROM events WHERE position > ?').run(position);
      db.prepare("UPDATE sqlite_sequence SET seq = ? WHERE name = 'events'").run(position);
      cutClickIndexAt(db, position);
    })();
  } finally {
    db.close();
  }
}

function prepareEmptyFolder(target: string): void {
  if (existsSync(target) && readdirSync(target).length > 0) throw new ConfigError(`${target} is not empty: back up into a new or empty folder.`);
  mkdirSync(target, { recursive: true, mode: 0o700 });
}

function syncFile(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
