import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { shreddedEmail, shreddedName, type NewEvent, type RecordedEvent } from '@linkledger/contracts';
import { eventStoreContract, waitUntil } from '../stores/events/event-store.contract.ts';
import { SqliteEventStore } from '../stores/events/sqlite-event-store.ts';
import { SqliteDataKeyStore } from './data-key-store.ts';
import { PersonalDataVault, ShreddedSubjectError } from './personal-data-vault.ts';

const dir = mkdtempSync(join(tmpdir(), 'll-vault-'));
let n = 0;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SECRET = 'k'.repeat(40);
const metadata = { actor: { kind: 'system' as const, id: 'test' }, correlation_id: 'c', causation_id: 'c', at: '2026-11-23T00:00:00.000Z' };
const newEvent = (type: string, data: unknown): NewEvent => ({ id: randomUUID(), type, version: 1, data, metadata });
const registered = (userId: number, email: string, name: string) =>
  newEvent('UserRegistered', { user_id: userId, email, password_hash: `scrypt$${email}-hash`, role: 'user', full_name: name });
const deleted = (userId: number) => newEvent('AccountDeleted', { user_id: userId });

/** One installation's folder; `open()` opens it as a process would (a log and its key file). */
function installation() {
  const folder = join(dir, `install-${n++}`);
  mkdirSync(folder);
  const plainLog = () => new SqliteEventStore(join(folder, 'events.db'), { pollMs: 20 });
  const open = () => new PersonalDataVault(plainLog(), new SqliteDataKeyStore(join(folder, 'keys.db'), SECRET));
  const bytes = () =>
    readdirSync(folder)
      .map((file) => readFileSync(join(folder, file)).toString('latin1'))
      .join('\n');
  return { open, plainLog, bytes };
}

const dataOf = (events: RecordedEvent[]) => events.map((event) => event.data as Record<string, unknown>);

describe('Personal data vault — the event store contract still holds through it', () => {
  eventStoreContract(async () => {
    const base = join(dir, `contract-${n++}`);
    return new PersonalDataVault(new SqliteEventStore(`${base}.events.db`, { pollMs: 20 }), new SqliteDataKeyStore(`${base}.keys.db`, SECRET));
  });
});

describe('Personal data vault', () => {
  it('writes personal fields sealed and reads them back plain through every read', async () => {
    const install = installation();
    const vault = install.open();
    await vault.append([{ stream: 'user-1', expected: 'no_stream', events: [registered(1, 'ada@example.com', 'Ada Lovelace')] }]);
    await vault.append([{ stream: 'user-2', expected: 'no_stream', events: [registered(2, 'bob@example.com', 'Bob')] }]);

    expect(dataOf(await vault.readStream('user-1'))[0]).toMatchObject({
      email: 'ada@example.com',
      full_name: 'Ada Lovelace',
      password_hash: 'scrypt$ada@example.com-hash',
    });
    expect(dataOf(await vault.readAll({ limit: 10 })).map((data) => data.email)).toEqual(['ada@example.com', 'bob@example.com']);
    const seen: RecordedEvent[] = [];
    const subscription = vault.subscribe({ after: 0 }, async (batch) => void seen.push(...batch));
    await waitUntil(() => seen.length === 2);
    await subscription.stop();
    expect(dataOf(seen).map((data) => data.full_name)).toEqual(['Ada Lovelace', 'Bob']);

    // Underneath, the log holds neither the address, the name nor the hash.
    const raw = dataOf(await install.plainLog().readStream('user-1'))[0]!;
    expect(raw.email).toMatchObject({ $pii: expect.stringMatching(/^v1\./) });
    await vault.close();
    const bytes = install.bytes();
    for (const secret of ['ada@example.com', 'Ada Lovelace', 'ada@example.com-hash']) expect(bytes).not.toContain(secret);
  });

  it('once the account is deleted its fields read as shredded, in this process and the next, and nothing more can be written for it', async () => {
    const install = installation();
    const vault = install.open();
    await vault.append([{ stream: 'user-1', expected: 'no_stream', events: [registered(1, 'ada@example.com', 'Ada Lovelace')] }]);
    await vault.append([{ stream: 'user-2', expected: 'no_stream', events: [registered(2, 'bob@example.com', 'Bob')] }]);
    await vault.append([{ stream: 'user-1', expected: 0, events: [deleted(1)] }]);

    const shredded = { email: shreddedEmail, full_name: shreddedName, password_hash: '' };
    expect(dataOf(await vault.readStream('user-1'))[0]).toMatchObject(shredded);
    expect(dataOf(await vault.readStream('user-2'))[0]).toMatchObject({ email: 'bob@example.com' });
    await expect(
      vault.append([{ stream: 'user-1', expected: 'any', events: [newEvent('PasswordChanged', { user_id: 1, password_hash: 'x', reason: 'change' })] }]),
    ).rejects.toBeInstanceOf(ShreddedSubjectError);
    await vault.close();

    const again = install.open();
    expect(dataOf(await again.readAll({ limit: 10 }))[0]).toMatchObject(shredded);
    await again.close();
  });

  it('a process that was reading the account when another deleted it stops opening its fields once it reads the deletion', async () => {
    const install = installation();
    const deleter = install.open();
    const reader = install.open();
    await deleter.append([{ stream: 'user-1', expected: 'no_stream', events: [registered(1, 'ada@example.com', 'Ada')] }]);
    expect(dataOf(await reader.readStream('user-1'))[0]!.email).toBe('ada@example.com');
    await deleter.append([{ stream: 'user-1', expected: 0, events: [deleted(1)] }]);
    const seen: RecordedEvent[] = [];
    const subscription = reader.subscribe({ after: 0 }, async (batch) => void seen.push(...batch));
    await waitUntil(() => seen.length === 2);
    await subscription.stop();
    expect(dataOf(await reader.readStream('user-1'))[0]!.email).toBe(shreddedEmail);
    await Promise.all([deleter.close(), reader.close()]);
  });

  it('a deletion whose process stopped before destroying the key is finished by the next reader', async () => {
    const install = installation();
    const vault = install.open();
    await vault.append([{ stream: 'user-1', expected: 'no_stream', events: [registered(1, 'ada@example.com', 'Ada')] }]);
    await vault.close();
    // The deletion reached the log, the key store never heard of it.
    const log = install.plainLog();
    await log.append([{ stream: 'user-1', expected: 0, events: [deleted(1)] }]);
    await log.close();
    const next = install.open();
    await next.readAll({ limit: 10 });
    await next.close();
    const fresh = install.open();
    expect(dataOf(await fresh.readStream('user-1'))[0]!.email).toBe(shreddedEmail);
    await fresh.close();
  });

  it('events written before sealing existed read plain, and shredded once their account is deleted', async () => {
    const install = installation();
    const log = install.plainLog();
    await log.append([{ stream: 'user-1', expected: 'no_stream', events: [registered(1, 'old@example.com', 'Old Timer')] }]);
    await log.close();
    const vault = install.open();
    expect(dataOf(await vault.readStream('user-1'))[0]!.email).toBe('old@example.com');
    await vault.append([{ stream: 'user-1', expected: 0, events: [deleted(1)] }]);
    expect(dataOf(await vault.readStream('user-1'))[0]).toMatchObject({ email: shreddedEmail, full_name: shreddedName });
    await vault.close();
  });

  it("a sealed field copied into another account's event does not open", async () => {
    const install = installation();
    const vault = install.open();
    await vault.append([{ stream: 'user-1', expected: 'no_stream', events: [registered(1, 'ada@example.com', 'Ada')] }]);
    await vault.append([{ stream: 'user-2', expected: 'no_stream', events: [registered(2, 'eve@example.com', 'Eve')] }]);
    const log = install.plainLog();
    const sealed = dataOf(await log.readStream('user-1'))[0]!;
    await log.append([{ stream: 'user-3', expected: 'no_stream', events: [newEvent('UserRegistered', { ...sealed, user_id: 2 })] }]);
    await log.close();
    await expect(vault.readStream('user-3')).rejects.toThrow();
    await vault.close();
  });
});
