import type { UserStatus } from '@linkledger/contracts';

/*
 * What a suspended or banned account is told wherever it knocks: sign-in, a session token,
 * an API key, the live socket (docs/admin.md#user-status).
 */
export const ACCOUNT_SUSPENDED = 'Your account is suspended, so it cannot be used for now. Contact support to have it reactivated.';
export const ACCOUNT_BANNED = 'Your account has been banned for breaking the terms of use, and can no longer be used.';
export const ACCOUNT_DELETED = "This account was deleted at its owner's request and can no longer be used.";

/** Why an account with this status may not act, or null when it may (absent: projected before statuses, active). */
export function accountRefusal(status: UserStatus | 'deleted' | undefined): string | null {
  if (status === 'suspended') return ACCOUNT_SUSPENDED;
  if (status === 'banned') return ACCOUNT_BANNED;
  if (status === 'deleted') return ACCOUNT_DELETED;
  return null;
}

/** The refusal if it is about the account's status (not a bad or ended token), else null. */
export const accountRefusalOnly = (refusal: string): string | null =>
  refusal === ACCOUNT_SUSPENDED || refusal === ACCOUNT_BANNED || refusal === ACCOUNT_DELETED ? refusal : null;
