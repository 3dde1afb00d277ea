import { createHash } from 'node:crypto';
import type { DomainEvent } from '@linkledger/contracts';
import { USERS, type UserView } from '@linkledger/projections';
import type { Platform } from '../platform/platform.ts';
import { foldEvents } from '../commands/event-port.ts';

/**
 * The uniqueness claim of a username: a stream named by the hash of its lower-case form, so
 * "Ada" and "ada" are one name (docs/accounts.md#profile).
 */
export const usernameStream = (username: string) => `username-${createHash('sha256').update(username.trim().toLowerCase()).digest('hex')}`;

export const sameUsername = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Who holds a username's claim: the last UsernameClaimed, unless a UsernameReleased followed it. */
export function evolveUsernameClaim(holder: number | null, event: DomainEvent): number | null {
  if (event.type === 'UsernameClaimed') return event.data.user_id;
  if (event.type === 'UsernameReleased') return null;
  return holder;
}

/**
 * Whether an account other than `userId` shows this username now without holding its claim:
 * the name an account starts with (its address before the `@`), or one saved before names
 * were claimed. Read from the users read model by exact value, in the forms such a name is
 * written: as typed, in lower case (every start name) and capitalised ("Ada"); a name saved
 * before claims in another mix of cases is not found this way (docs/accounts.md#profile).
 */
async function usernameShownByAnother(platform: Pick<Platform, 'read'>, userId: number, username: string): Promise<boolean> {
  const typed = username.trim();
  const lower = typed.toLowerCase();
  const forms = [...new Set([typed, lower, lower.charAt(0).toUpperCase() + lower.slice(1)])];
  const holders = await platform.read.find<UserView>(USERS, { where: { username: { in: forms } }, limit: 100 });
  return holders.some((user) => user.id !== userId && user.status !== 'deleted');
}

/**
 * What a profile save must know about the name it wants before its cycle: whether another
 * account shows it, and whether its claim's holder has deleted their account (the read
 * model's status; a deletion ends every claim of the account's name).
 */
export async function wantedUsernameFacts(
  platform: Pick<Platform, 'read' | 'events'>,
  userId: number,
  wanted: string,
): Promise<{ shownByAnother: boolean; deletedHolder?: number }> {
  const holder = foldEvents(await platform.events.readStream(usernameStream(wanted)), evolveUsernameClaim, null);
  const shownByAnother = await usernameShownByAnother(platform, userId, wanted);
  if (holder === null || holder === userId) return { shownByAnother };
  const holderView = await platform.read.get<UserView>(USERS, holder);
  return holderView?.status === 'deleted' ? { shownByAnother, deletedHolder: holder } : { shownByAnother };
}

/** The n-th candidate start name: `ada`, `ada-2`, `ada-3` … always within the username rule's 50 characters. */
function numberedUsername(base: string, n: number): string {
  if (n <= 1) return base;
  const suffix = `-${n}`;
  return `${base.slice(0, 50 - suffix.length)}${suffix}`;
}

/**
 * The name a new account starts with: its address's own (`defaultUsername`) unless another
 * account holds or shows it, else the first free `name-2`, `name-3` … (docs/accounts.md#profile).
 * Null when the address's own name is free: the account shows it without recording anything.
 */
export async function freeStartName(platform: Pick<Platform, 'read' | 'events'>, base: string): Promise<string | null> {
  for (let n = 1; n < 1000; n++) {
    const candidate = numberedUsername(base, n);
    const holder = foldEvents(await platform.events.readStream(usernameStream(candidate)), evolveUsernameClaim, null);
    if (holder === null && !(await usernameShownByAnother(platform, 0, candidate))) return n === 1 ? null : candidate;
  }
  return null;
}
