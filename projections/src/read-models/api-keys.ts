import type { ReadModelHandlers } from './handlers.ts';

/** Live API keys by the SHA-256 of the key: every X-API-Key request looks its key up here. */
export const API_KEYS = 'api_keys';

export interface ApiKeyView {
  [key: string]: unknown;
  /** SHA-256 (hex) of the key; the key itself is nowhere. */
  id: string;
  user_id: number;
  key_id: string;
  /** AES-256-GCM copy, for the owner to reveal. */
  key_encrypted: string;
  created_at: string;
}

// The owner's key is found by user id (reveal); a revoked key is deleted, so it stops at once.
export const apiKeyIndexes = { [API_KEYS]: [['user_id']] } as const;

export const apiKeyHandlers: ReadModelHandlers = {
  ApiKeyIssued({ user_id, key_id, key_hash, key_encrypted }, recorded, tx) {
    const view: ApiKeyView = { id: key_hash, user_id, key_id, key_encrypted, created_at: recorded.metadata.at };
    tx.put(API_KEYS, view);
  },
  ApiKeyRevoked({ key_hash }, _recorded, tx) {
    tx.delete(API_KEYS, key_hash);
  },
};
