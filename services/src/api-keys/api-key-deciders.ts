import type { DomainEvent } from '@linkledger/contracts';
import type { Decider } from '../commands/command-handler.ts';
import { notFound } from '../commands/domain-error.ts';
import type { StoredApiKey } from './api-key.ts';
import { evolveApiKey, noApiKeyState, type ApiKeyState, type KeyRevocationReason } from './api-key-state.ts';

export const ACCOUNT_NOT_FOUND = 'Your account was not found. Please sign in again.';

/** The key to issue is minted outside (randomness, encryption), so deciding stays pure. */
interface IssueApiKeyCommand {
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
function decideGenerateApiKey(command: IssueApiKeyCommand, state: ApiKeyState): DomainEvent[] {
  const userId = existingUser(state);
  return state.current ? [] : [issued(userId, command.key)];
}

/** The revocation of the account's current key, or nothing when it has none. */
export function revokeCurrentKey(state: ApiKeyState, reason: KeyRevocationReason): DomainEvent[] {
  if (state.userId === null || !state.current) return [];
  return [{ type: 'ApiKeyRevoked', data: { user_id: state.userId, key_id: state.current.keyId, key_hash: state.current.keyHash, reason } }];
}

/** Regenerate revokes the current key and issues a new one in one append: never two live keys, never none half-way. */
function decideRegenerateApiKey(command: IssueApiKeyCommand, state: ApiKeyState): DomainEvent[] {
  const userId = existingUser(state);
  return [...revokeCurrentKey(state, 'regenerated'), issued(userId, command.key)];
}

interface IssueApiKey {
  userId: number;
  replace: boolean;
  /** Minted before deciding, so deciding stays pure. */
  key: StoredApiKey;
}

export const issueApiKeyDecider: Decider<IssueApiKey, ApiKeyState> = {
  streamOf: (command) => `user-${command.userId}`,
  initialState: noApiKeyState,
  evolve: evolveApiKey,
  decide: (command, state) => (command.replace ? decideRegenerateApiKey : decideGenerateApiKey)(command, state),
};
