import { personalData, type EventStore } from '@linkledger/contracts';
import type { ProjectionTarget } from '@linkledger/projections';
import type { DataKeyStore } from '../privacy/data-key-store.ts';
import { isSealed } from '../privacy/field-cipher.ts';
import { ConfigError } from '../platform/config.ts';
import { dataAsStored } from '../commands/event-port.ts';

/**
 * The data directory does not hold together and cannot be repaired here (docs/operations.md#start-up-checks):
 * a start-up refusal with exit code 2, like a configuration error.
 */
export class InconsistentDataDirectory extends ConfigError {
  override name = 'InconsistentDataDirectory';
}

const PAGE = 5_000;
/**
 * Every account begins with its registration, the first event sealed under its key, so the
 * registrations name every user who has a key: reading them, not every sign-in, keeps the
 * check to one event per user.
 */
const FIRST_SEALED = 'UserRegistered';

/**
 * Every user the log holds a sealed registration for must have a key record, live or
 * destroyed. A key store older than the log (restored from a backup taken before the log's)
 * lacks the keys of the newest users: serving on would show them as deleted, and their
 * next personal event would be sealed under a new key, so it refuses instead.
 */
export async function assertKeysCoverLog(log: EventStore, keys: DataKeyStore): Promise<void> {
  const fields = personalData[FIRST_SEALED]!;
  const missing: number[] = [];
  for (let after = 0; ;) {
    const page = await log.readAll({ after, limit: PAGE, filter: { types: [FIRST_SEALED] } });
    for (const event of page) {
      const data = dataAsStored(event);
      const userId = data[fields.subject];
      if (typeof userId !== 'number') continue;
      // Registrations written before sealing existed carry plain fields and need no key.
      if (!Object.keys(fields.shredded).some((field) => isSealed(data[field]))) continue;
      if ((await keyRecordOf(keys, userId)) === undefined) missing.push(userId);
    }
    if (page.length < PAGE) break;
    after = page.at(-1)!.position;
  }
  if (missing.length === 0) return;
  const shown = missing.slice(0, 10).join(', ') + (missing.length > 10 ? ` and ${missing.length - 10} more` : '');
  throw new InconsistentDataDirectory(
    `The key store lacks the data keys of ${missing.length} user(s) the event log holds personal data for (user ${shown}): ` +
      'it is older than the log. Restore keys.db from the same backup as events.db (npm run restore), or from a newer copy; ' +
      'starting would show these accounts as deleted. See docs/operations.md#start-up-checks.',
  );
}

/** The user's key record; a key that does not unwrap means the key secret is not the one it was wrapped with. */
async function keyRecordOf(keys: DataKeyStore, userId: number): Promise<Buffer | null | undefined> {
  try {
    return await keys.keyFor(userId, false);
  } catch (error) {
    throw new InconsistentDataDirectory(
      `The data key of user ${userId} does not open with this installation's key secret (data-keys.key, or DATA_KEYS_SECRET): ` +
        'use the secret that was in force when the keys were made (a backup holds it beside keys.db). See docs/operations.md#start-up-checks.',
      { cause: error },
    );
  }
}

/**
 * A projection whose checkpoint is past the log's last position was copied from a later
 * moment than the log: it holds documents for events the log does not have, and the next
 * appends would reuse their positions and ids. It is emptied and replayed from the log.
 * Returns the names of the projections that were reset.
 */
export async function resetProjectionsAheadOfLog(log: EventStore, targets: ProjectionTarget[], info: (message: string) => void): Promise<string[]> {
  const reset: string[] = [];
  for (const target of targets) {
    // The checkpoint first: the head only grows, so a checkpoint past a later head is truly ahead.
    const checkpoint = await target.checkpoint();
    const head = await log.headPosition();
    if (checkpoint <= head) continue;
    info(`Projection ${target.name} is at position ${checkpoint}, past the log's last position ${head}: it is emptied and rebuilt from the log`);
    await target.reset();
    reset.push(target.name);
  }
  return reset;
}

/**
 * A process that runs no projectors (ROLE=api) must not answer from a read model ahead of
 * the log either: it waits for the projector process to empty and replay it, and refuses to
 * start if none does within `timeoutMs`.
 */
export async function awaitReadModelWithinLog(
  log: EventStore,
  target: Pick<ProjectionTarget, 'name' | 'checkpoint'>,
  timeoutMs: number,
  info: (message: string) => void,
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  let said = false;
  for (;;) {
    const checkpoint = await target.checkpoint();
    const head = await log.headPosition();
    if (checkpoint <= head) return;
    if (!said)
      info(`Projection ${target.name} is at position ${checkpoint}, past the log's last position ${head}: waiting for the projector process to rebuild it`);
    said = true;
    if (performance.now() >= deadline) {
      throw new InconsistentDataDirectory(
        `Projection ${target.name} is at position ${checkpoint}, past the log's last position ${head}, and no projector process rebuilt it within ${Math.round(timeoutMs / 1000)} s. ` +
          'Start the server with npm start (or a ROLE=projector process) on this data directory, or run npm run rebuild. See docs/operations.md#start-up-checks.',
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
