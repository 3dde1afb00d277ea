import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The installation's secret: from JWT_SECRET, else generated once and kept in
 * DATA_DIR/secret.key (readable by the owner only), so tokens survive restarts.
 */
export function loadSecret(dataDir: string, fromEnv: string | undefined, fileName = 'secret.key'): string {
  if (fromEnv) return fromEnv;
  const file = join(dataDir, fileName);
  if (existsSync(file)) return written(file);
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  try {
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process of the same installation wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return written(file);
    throw error;
  }
  return secret;
}

/**
 * A secret file's content, once there is some: a process starting at the same moment may
 * have created the file and not yet written it.
 */
function written(file: string): string {
  for (let attempt = 0; ; attempt++) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret || attempt >= 100) return secret || failEmpty(file);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
  }
}

function failEmpty(file: string): never {
  throw new Error(`${file} is empty: delete it to have a new secret generated, or restore it from a backup`);
}
