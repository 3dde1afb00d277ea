import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../platform/config.ts';
import { assertKeysCoverLog } from '../server/data-dir-consistency.ts';
import { SqliteDataKeyStore } from '../privacy/data-key-store.ts';
import { PersonalDataVault } from '../privacy/personal-data-vault.ts';
import { SqliteEventStore } from '../stores/events/sqlite-event-store.ts';
import { signUp, startTestApp, post } from '../testing/test-app.ts';
import { takeBackup } from './backup.ts';
import { MANIFEST_FILE, Manifest, productVersion } from './manifest.ts';
import { restoreBackup, RestoreRefused } from './restore.ts';

const JWT_SECRET = 'a-token-secret-from-the-environment-0123456789';

describe('backup and restore refuse what they cannot do right', () => {
  const root = mkdtempSync(join(tmpdir(), 'linkledger-backup-refusals-'));
  const dataDir = join(root, 'data');
  const backup = join(root, 'backup');
  let n = 0;
  const fresh = () => join(root, `restored-${++n}`);
  /** A copy of the backup with its manifest changed. */
  const withManifest = (change: (manifest: Manifest) => Manifest) => {
    const copy = join(root, `backup-${++n}`);
    cpSync(backup, copy, { recursive: true });
    const manifest = Manifest.parse(JSON.parse(readFileSync(join(copy, MANIFEST_FILE), 'utf8')));
    writeFileSync(join(copy, MANIFEST_FILE), JSON.stringify(change(manifest)));
    return copy;
  };

  beforeAll(async () => {
    const t = await startTestApp({ JWT_SECRET }, { dataDir });
    await signUp(t.app, 'ann@example.com');
    await t.close();
    await takeBackup({ DATA_DIR: dataDir, JWT_SECRET }, backup, new Date('2026-11-27T10:00:00Z'));
  }, 60_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('writes a manifest naming the secret taken from the environment, and no copy of a secret file it does not use', () => {
    const manifest = Manifest.parse(JSON.parse(readFileSync(join(backup, MANIFEST_FILE), 'utf8')));
    expect(manifest).toMatchObject({
      productVersion: productVersion(),
      createdAt: '2026-11-27T10:00:00.000Z',
      secretsFromEnvironment: ['JWT_SECRET'],
      keys: 1,
    });
    expect(manifest.files.map((f) => f.name)).toEqual(['data-keys.key', 'events.db', 'keys.db']);
    expect(manifest.events).toBe(manifest.position);
  });

  it('backs up into an empty folder only, and only an embedded installation', async () => {
    await expect(takeBackup({ DATA_DIR: dataDir }, backup, new Date())).rejects.toThrow(/is not empty/);
    await expect(takeBackup({ DATA_DIR: dataDir, MONGODB_URL: 'mongodb://localhost' }, join(root, 'elsewhere'), new Date())).rejects.toThrow(ConfigError);
    await expect(takeBackup({ DATA_DIR: join(root, 'nothing-here') }, join(root, 'elsewhere'), new Date())).rejects.toThrow(/does not exist/);
  });

  it('restores only with the secret the backed-up installation took from the environment', async () => {
    await expect(restoreBackup(backup, { DATA_DIR: fresh() })).rejects.toThrow(/took JWT_SECRET from the environment/);
    const manifest = await restoreBackup(backup, { DATA_DIR: fresh(), JWT_SECRET });
    expect(manifest.keys).toBe(1);
  });

  it('refuses a folder without a manifest, a backup of a newer version and a data directory that is not empty', async () => {
    await expect(restoreBackup(dataDir, { DATA_DIR: fresh(), JWT_SECRET })).rejects.toThrow(/has no manifest\.json/);
    const newer = withManifest((m) => ({ ...m, productVersion: '999.0.0' }));
    await expect(restoreBackup(newer, { DATA_DIR: fresh(), JWT_SECRET })).rejects.toThrow(/newer than this one/);
    await expect(restoreBackup(backup, { DATA_DIR: dataDir, JWT_SECRET })).rejects.toThrow(RestoreRefused);
  });

  it('refuses a backup whose counts do not match its log, and leaves the data directory empty', async () => {
    const lying = withManifest((m) => ({ ...m, position: m.position + 1 }));
    const target = fresh();
    await expect(restoreBackup(lying, { DATA_DIR: target, JWT_SECRET })).rejects.toThrow(/the manifest says/);
    // Left empty, ready for another try.
    expect(readdirSync(target)).toEqual([]);
  });
});

describe('a backup of a server that keeps registering accounts', () => {
  it('holds the log only up to the keys it holds: an account registered between the two copies is left out, not left without its key; one deleted between them is kept whole', async () => {
    const root = mkdtempSync(join(tmpdir(), 'linkledger-backup-order-'));
    const t = await startTestApp();
    try {
      await signUp(t.app, 'root@example.com'); // the super admin, who cannot be deleted
      const early = await signUp(t.app, 'early@example.com');
      let late = 0;
      const manifest = await takeBackup({ DATA_DIR: t.dataDir }, join(root, 'backup'), new Date(), {
        afterKeysCopied: async () => {
          late = (await signUp(t.app, 'late@example.com')).user.id;
          // Deleted after the keys' copy: the backup holds the account as it was, key and all.
          const deleted = await post(t.app, '/api/settings/account/delete', early.headers, { password: 'correct horse', confirm_email: 'early@example.com' });
          expect(deleted.statusCode).toBe(200);
        },
      });
      expect(late).toBeGreaterThan(0);
      await restoreBackup(join(root, 'backup'), { DATA_DIR: join(root, 'restored') });
      const log = new SqliteEventStore(join(root, 'restored', 'events.db'));
      const keys = new SqliteDataKeyStore(join(root, 'restored', 'keys.db'), readFileSync(join(root, 'restored', 'data-keys.key'), 'utf8'));
      try {
        await assertKeysCoverLog(log, keys);
        expect(await log.headPosition()).toBe(manifest.position);
        expect(await log.readStream(`user-${late}`)).toEqual([]);
        const registration = (await new PersonalDataVault(log, keys).readStream(`user-${early.user.id}`))[0]!;
        expect(registration.data).toMatchObject({ email: 'early@example.com' });
      } finally {
        await log.close();
        await keys.close();
      }
    } finally {
      await t.close();
      rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);
});
