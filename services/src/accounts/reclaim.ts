import type { DomainEvent } from '@linkledger/contracts';
import type { EventEnvelope } from '../commands/event-port.ts';
import { revokeCurrentKey } from '../api-keys/index.ts';
import { evolveApiKey, noApiKeyState, type ApiKeyState } from '../api-keys/index.ts';
import { evolveUser, noUser, type UserState } from './user-state.ts';

/** The account with its API key: what a proof of the address takes back from whoever held it. */
export interface AccountWithKey {
  user: UserState;
  keys: ApiKeyState;
}

export const noAccountWithKey: AccountWithKey = { user: noUser, keys: noApiKeyState };

/** The `user-{id}` stream folded twice over: the account, and its API key. */
export const evolveAccountWithKey = (state: AccountWithKey, event: DomainEvent, envelope: EventEnvelope): AccountWithKey => ({
  user: evolveUser(state.user, event, envelope),
  keys: evolveApiKey(state.keys, event),
});

/** How the owner of the address proved it: the reset link, the verification link, or a provider that vouched for it. */
type OwnershipProof = 'password_reset' | 'email_verified' | 'account_reclaimed';

/**
 * The address's owner proved it (docs/accounts.md#taking-an-account-back), so whatever
 * anyone else set up while holding the account stops: its API key is revoked and its pending
 * move to another address cancelled, so that address's link no longer works. Its sessions
 * end with the event that proves ownership (a new password, or AllSessionsRevoked).
 */
export function releaseHolds(account: AccountWithKey, proof: OwnershipProof): DomainEvent[] {
  const userId = account.user.id;
  if (userId === null) return [];
  const cancelled: DomainEvent[] = account.user.pendingChange !== null ? [{ type: 'EmailChangeCancelled', data: { user_id: userId, reason: proof } }] : [];
  return [...revokeCurrentKey(account.keys, proof), ...cancelled];
}
