import { createHash } from 'node:crypto';
import type { DomainEvent } from '@linkledger/contracts';

/** Emails are unique case-insensitively; the claim stream is named by a hash, not the address. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The uniqueness claim of an email: a stream named by its hash, never the address itself. */
export const emailStream = (email: string) => `email-${createHash('sha256').update(normalizeEmail(email)).digest('hex')}`;

/** Who holds an address's claim: the last EmailClaimed, unless an EmailReleased (an e-mail change or the account's deletion) followed it. */
export function evolveEmailClaim(holder: number | null, event: DomainEvent): number | null {
  if (event.type === 'EmailClaimed') return event.data.user_id;
  if (event.type === 'EmailReleased') return null;
  return holder;
}
