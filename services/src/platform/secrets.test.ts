import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSecret } from './secrets.ts';

const dir = mkdtempSync(join(tmpdir(), 'linkledger-secrets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the installation’s secret files', () => {
  it('are generated once, readable by the owner only, and read back by every later process', () => {
    const first = loadSecret(join(dir, 'a'), undefined);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(join(dir, 'a', 'secret.key')).mode & 0o777).toBe(0o600);
    expect(loadSecret(join(dir, 'a'), undefined)).toBe(first);
    expect(loadSecret(join(dir, 'a'), 'from-the-environment')).toBe('from-the-environment');
    expect(readFileSync(join(dir, 'a', 'secret.key'), 'utf8')).toBe(first);
  });

  it('refuse an empty file, which would sign every token with nothing, naming what to do', () => {
    const folder = join(dir, 'b');
    loadSecret(folder, undefined, 'other.key');
    writeFileSync(join(folder, 'secret.key'), '');
    expect(() => loadSecret(folder, undefined)).toThrow(/secret\.key is empty: delete it to have a new secret generated, or restore it from a backup/);
  });
});
