import { createHash } from 'node:crypto';
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/** What a backup holds and how to tell it is whole (docs/operations.md#backup). */
export const MANIFEST_FILE = 'manifest.json';
export const MANIFEST_FORMAT = 1;

const BackupFile = z.strictObject({
  name: z.string().regex(/^[a-z][a-z.-]*$/),
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

export const Manifest = z.strictObject({
  format: z.literal(MANIFEST_FORMAT),
  productVersion: z.string(),
  createdAt: z.string(),
  /** The log's last position in the backup: every key the log needs is in keys.db. */
  position: z.number().int().nonnegative(),
  events: z.number().int().nonnegative(),
  /** Key records, live and destroyed. */
  keys: z.number().int().nonnegative(),
  /** Secrets that came from the environment (JWT_SECRET, DATA_KEYS_SECRET) rather than a file: keep them with the backup. */
  secretsFromEnvironment: z.array(z.string()),
  files: z.array(BackupFile),
});
export type Manifest = z.infer<typeof Manifest>;
type BackupFile = z.infer<typeof BackupFile>;

/** The product's version, as services/package.json names it. */
export function productVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

export async function describeFile(dir: string, name: string): Promise<BackupFile> {
  const path = join(dir, name);
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return { name, bytes: statSync(path).size, sha256: hash.digest('hex') };
}

/** Compares dotted numeric versions: negative when a is older than b. */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) => v.split(/[.-]/).map((p) => Number.parseInt(p, 10) || 0);
  const [pa, pb] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}
