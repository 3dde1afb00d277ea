import { domainEventOf, type DomainEvent, type RecordedEvent } from '@linkledger/contracts';
import { notFound } from '../commands/domain-error.ts';
import type { StoredApiKey } from './api-key.ts';

/** What the write side knows of a user's API key, folded from the `user-{id}` stream. */
export interface ApiKeyState {
  userId: number | null;
  current: StoredApiKey | null;
  /** Why the last key stopped, while no other replaced it (the key screen then offers a new one). */
  revokedFor?: KeyRevocationReason;
}

export const noApiKeyState: ApiKeyState = { userId: null, current: null };

export function evolveApiKey(state: ApiKeyState, recorded: RecordedEvent): ApiKeyState {
  const event = domainEventOf(recorded);
  switch (event?.type) {
    case 'UserRegistered':
      return { userId: event.data.user_id, current: null };
    case 'ApiKeyIssued':
      return { userId: state.userId, current: { keyId: event.data.key_id, keyHash: event.data.key_hash, keyEncrypted: event.data.key_encrypted } };
    case 'ApiKeyRevoked':
      return state.current?.keyId === event.data.key_id ? { ...state, current: null, revokedFor: event.data.reason } : state;
    default:
      return state;
  }
}

export const ACCOUNT_NOT_FOUND = 'Your account was not found. Please sign in again.';

/** The key to issue is minted outside (randomness, encryption), so deciding stays pure. */
export interface IssueApiKeyCommand {
  key: StoredApiKey;
}

const issued = (userId: number, key: StoredApiKey): DomainEvent => ({
  type: 'ApiKeyIssued',
  data: { user_id: userId, key_id: key.keyId, key_hash: key.keyHash, key_encrypted: key.keyEncrypted },
});

function existingUser(state: ApiKeyState): number {
  if (state.userId === null) throw notFound(ACCOUNT_NOT_FOUND);
  return state.userId;
}

/** Generate is idempotent: a user who has a key keeps it (nothing is recorded), so two tabs racing get the same key. */
export function decideGenerateApiKey(command: IssueApiKeyCommand, state: ApiKeyState): DomainEvent[] {
  const userId = existingUser(state);
  return state.current ? [] : [issued(userId, command.key)];
}

export type KeyRevocationReason = Extract<DomainEvent, { type: 'ApiKeyRevoked' }>['data']['reason'];

/** The revocation of the account's current key, or nothing when it has none. */
export function revokeCurrentKey(state: ApiKeyState, reason: KeyRevocationReason): DomainEvent[] {
  if (state.userId === null || !state.current) return [];
  return [{ type: 'ApiKeyRevoked', data: { user_id: state.userId, key_id: state.current.keyId, key_hash: state.current.keyHash, reason } }];
}

/** Regenerate revokes the current key and issues a new one in one append: never two live keys, never none half-way. */
export function decideRegenerateApiKey(command: IssueApiKeyCommand, state: ApiKeyState): DomainEvent[] {
  const userId = existingUser(state);
  return [...revokeCurrentKey(state, 'regenerated'), issued(userId, command.key)];
}
