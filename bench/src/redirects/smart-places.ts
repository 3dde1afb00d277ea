import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { currentVersion, type StoredLinkControls } from '@linkledger/contracts';
import { hashPassword } from '@linkledger/services/accounts/passwords.ts';
import { SqliteEventStore } from '@linkledger/services/stores/events/sqlite-event-store.ts';

const YEAR = 365 * 86_400_000;

/**
 * The `smart` place (docs/links.md#smart-links): five targeting rules of which none holds for
 * the bench's visitor (Chrome on Windows from 127.0.0.1, no Accept-Language, no query), so
 * each visit evaluates them all (the first parses the user agent) and the 2-way split decides,
 * by the visitor hash (the load sends no cookie back); and an expiry a year ahead.
 */
export function smartControls(destination: string, now: Date): StoredLinkControls {
  return {
    expires_at: new Date(now.getTime() + YEAR).toISOString(),
    rules: [
      { url: `${destination}?rule=ios`, conditions: { device: 'ios' } },
      { url: `${destination}?rule=android-in`, conditions: { device: 'android', country: 'IN' } },
      { url: `${destination}?rule=in`, conditions: { country: 'IN' } },
      { url: `${destination}?rule=hi`, conditions: { language: 'hi' } },
      { url: `${destination}?rule=newsletter`, conditions: { query: { param: 'ref', value: 'newsletter' }, browser: 'firefox' } },
    ],
    variants: [
      { url: `${destination}?variant=a`, weight: 50 },
      { url: `${destination}?variant=b`, weight: 50 },
    ],
  };
}

/** The `password` place: a link behind a password, visited without its cookie (the password page). */
export async function passwordControls(): Promise<StoredLinkControls> {
  return { password_hash: await hashPassword('bench-link-password') };
}

/**
 * Gives a link the product made its controls, as an edit records them: appended to the
 * product's own log (the event store the generator writes, opened beside the running
 * product). Done before the link is ever visited, so the product reads it with them.
 */
export async function giveControls(dataDir: string, link: { id: number; ownerId: number }, changes: StoredLinkControls): Promise<void> {
  const store = new SqliteEventStore(join(dataDir, 'events.db'));
  try {
    const id = randomUUID();
    const metadata = { actor: { kind: 'user' as const, id: String(link.ownerId) }, correlation_id: id, causation_id: id, at: new Date().toISOString() };
    await store.append([
      {
        stream: `link-${link.id}`,
        expected: 'any',
        events: [{ id, type: 'LinkUpdated', version: currentVersion.LinkUpdated, data: { link_id: link.id, changes }, metadata }],
      },
    ]);
  } finally {
    await store.close();
  }
}
