import { domainEventOf, type EventStore } from '@linkledger/contracts';

/** Event types that carry an address the account used or asked to use. */
const ADDRESS_EVENTS = ['UserRegistered', 'EmailTokenIssued', 'EmailChanged'];

/** Every address the account has had or was sent mail at (its registration, changes, links mailed), current first. */
export async function addressesOf(events: EventStore, userId: number, current: string): Promise<string[]> {
  const found = new Set<string>([current]);
  let after = 0;
  for (;;) {
    const page = await events.readAll({ after, limit: 500, filter: { types: ADDRESS_EVENTS, actorId: String(userId) } });
    for (const recorded of page) {
      const data = domainEventOf(recorded)?.data as Record<string, unknown> | undefined;
      for (const field of ['email', 'previous_email', 'new_email']) if (typeof data?.[field] === 'string') found.add(data[field]);
    }
    if (page.length < 500) break;
    after = page[page.length - 1]!.position;
  }
  return [...found].filter(Boolean);
}
