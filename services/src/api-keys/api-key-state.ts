import type { DomainEvent } from '@linkledger/contracts';
import type { StoredApiKey } from './api-key.ts';

/** What the write side knows of a user's API key, folded from the `user-{id}` stream. */
export interface ApiKeyState {
  userId: number | null;
  current: StoredApiKey | null;
  /** Why the last key stopped, while no other replaced it (the key screen then offers a new one). */
  revokedFor?: KeyRevocationReason;
}

export const noApiKeyState: ApiKeyState = { userId: null, current: null };

export function evolveApiKey(state: ApiKeyState, event: DomainEvent): ApiKeyState {
  switch (event.type) {
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

export type KeyRevocationReason = Extract<DomainEvent, { type: 'ApiKeyRevoked' }>['data']['reason'];
