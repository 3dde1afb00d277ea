import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { NewEvent, RecordedEvent } from '@linkledger/contracts';
import { SqliteEventStore } from '../stores/events/sqlite-event-store.ts';
import { SqliteDataKeyStore } from './data-key-store.ts';
import { PersonalDataVault } from './personal-data-vault.ts';
import { SEALING_FILE, sealLog } from './seal-log.ts';

const dir = mkdtempSync(join(tmpdir(), 'll-seal-'));
let n = 0;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SECRET = 's'.repeat(40);
const metadata = { actor: { kind: 'system' as const, id: 'test' }, correlation_id: 'c', causation_id: 'c', at: '2025-01-01T00:00:00.000Z' };
const newEvent = (type: string, data: unknown): NewEvent => ({ id: randomUUID(), type, version: 1, data, metadata });

/** An installation whose log was written plainly, as before sealing existed: users, links, tokens, clicks. */
async function oldInstallation(users: number) {
  const folder = join(dir, `old-${n++}`);
  mkdirSync(folder);
  const log = new SqliteEventStore(join(folder, 'events.db'));
  for (let user = 1; user <= users; user++) {
    await log.append([
      {
        stream: `user-${user}`,
        expected: 'no_stream',
        events: [
          newEvent('UserRegistered', {
            user_id: user,
            email: `person${user}@old.example`,
            password_hash: `hash-of-${user}`,
            role: 'user',
            full_name: `Person Number${user}`,
          }),
        ],
      },
    ]);
    await log.append([
      { stream: `link-${user}`, expected: 'no_stream', events: [newEvent('LinkCreated', { link_id: user, owner_id: user, short_code: `c${user}` })] },
    ]);
    await log.append([
      {
        stream: `email-token-${user}`,
        expected: 'no_stream',
        events: [
          newEvent('EmailTokenIssued', { purpose: 'verify_email', user_id: user, email: `person${user}@old.example`, expires_at: '2025-01-02T00:00:00.000Z' }),
        ],
      },
    ]);
  }
  const before = await log.readAll({ limit: 10_000 });
  await log.close();
  return { folder, before };
}

const bytesOf = (folder: string) =>
  readdirSync(folder)
    .filter((file) => file.startsWith('events'))
    .map((file) => readFileSync(join(folder, file)).toString('latin1'))
    .join('\n');
const shape = (events: RecordedEvent[]) =>
  events.map(({ position, id, stream, revision, type, version, data, metadata: meta }) => ({ position, id, stream, revision, type, version, data, meta }));

describe('sealing an older installation’s log', () => {
  it('rewrites every event in place order with its personal fields sealed, resumes after an interruption, and leaves no plain copy', async () => {
    const { folder, before } = await oldInstallation(12);
    expect(bytesOf(folder)).toContain('person7@old.example');
    const keys = new SqliteDataKeyStore(join(folder, 'keys.db'), SECRET);

    // Interrupted after two batches of five: the old log is untouched and the copy half done.
    const first = await sealLog({ dataDir: folder, keys, batch: 5, stopAfterBatches: 2 });
    expect(first).toMatchObject({ copied: 10, swapped: false });
    expect(existsSync(join(folder, SEALING_FILE))).toBe(true);

    const progress: number[] = [];
    const second = await sealLog({ dataDir: folder, keys, batch: 5, onProgress: (copied) => progress.push(copied) });
    expect(second).toMatchObject({ copied: before.length - 10, swapped: true });
    expect(progress[0]).toBe(15);
    expect(existsSync(join(folder, SEALING_FILE))).toBe(false);
    await keys.close();

    // Read through the vault, the log is what it was: same positions, ids, revisions and values.
    const vault = new PersonalDataVault(new SqliteEventStore(join(folder, 'events.db')), new SqliteDataKeyStore(join(folder, 'keys.db'), SECRET));
    expect(shape(await vault.readAll({ limit: 10_000 }))).toEqual(shape(before));
    // New appends continue after the old head.
    const appended = await vault.append([
      { stream: 'link-99', expected: 'no_stream', events: [newEvent('LinkCreated', { link_id: 99, owner_id: 1, short_code: 'new' })] },
    ]);
    expect(appended.position).toBe(before.at(-1)!.position + 1);
    await vault.close();

    const bytes = bytesOf(folder);
    for (const plain of ['person7@old.example', 'Person Number12', 'hash-of-3']) expect(bytes).not.toContain(plain);
    expect(bytes).toContain('c12'); // what is not personal stays readable
  });

  it('finishes a run that stopped between deleting the old log and renaming the copy', async () => {
    const { folder, before } = await oldInstallation(2);
    const keys = new SqliteDataKeyStore(join(folder, 'keys.db'), SECRET);
    // One batch holds everything: the copy is complete, and the run stops before the swap.
    expect(await sealLog({ dataDir: folder, keys, batch: 100, stopAfterBatches: 1 })).toMatchObject({ copied: before.length, swapped: false });
    // The crash: the old log is gone but its WAL is not, and the complete copy is not yet renamed.
    rmSync(join(folder, 'events.db'));
    writeFileSync(join(folder, 'events.db-wal'), 'person1@old.example');
    expect(await sealLog({ dataDir: folder, keys })).toMatchObject({ swapped: true });
    expect(bytesOf(folder)).not.toContain('person1@old.example');
    await keys.close();
    const log = new SqliteEventStore(join(folder, 'events.db'));
    expect((await log.readAll({ limit: 100 })).map((event) => event.id)).toEqual(before.map((event) => event.id));
    await log.close();
  });
});
