import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Everything under the data directory is the service user's alone: the event log and read
 * store hold accounts and e-mail addresses, secret.key signs every token, the outbox holds
 * sign-in links. From here on this process creates files 0600 and folders 0700 (umask
 * 077, which chDB's files and the SQLite WAL files inherit too); a directory left readable
 * by an earlier version is tightened once, file by file.
 */
export function privateDataDirectory(dir: string): void {
  process.umask(0o077);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if ((statSync(dir).mode & 0o077) === 0) return;
  tighten(dir);
}

function tighten(path: string): void {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    chmodSync(path, 0o700);
    for (const name of readdirSync(path)) tighten(join(path, name));
  } else {
    chmodSync(path, 0o600);
  }
}
