import type { DomainEvent, OAuthProvider } from '@linkledger/contracts';
import { evolveApiKey, noApiKeyState, type ApiKeyState } from '../../api-keys/decide.ts';
import type { Decider } from '../../commands/command-handler.ts';
import { evolveUser, noUser, type UserState } from '../user-state.ts';
import { forbidden } from '../../commands/domain-error.ts';
import { accountRefusal } from '../account-status.ts';

export interface SocialSignInCommand {
  userId: number;
  provider: OAuthProvider;
  /** The hash of a random password nobody knows, minted outside so deciding stays pure. */
  unknownPasswordHash: string;
}

/**
 * A provider vouched for the address of an existing account. If the account had proven the
 * address too, this is its owner signing in another way: nothing changes. If it had not,
 * anyone could have registered it, so the account goes to the address's proven owner and
 * whatever its registrant set up stops working: the password is replaced by an unknown one
 * (which ends every earlier session), the API key is revoked, and the address is verified.
 */
export function decideSocialSignIn(command: SocialSignInCommand, user: UserState, keys: ApiKeyState): DomainEvent[] {
  // A suspended or banned account is not signed in by any route (docs/admin.md#user-status).
  const refusal = accountRefusal(user.status);
  if (refusal) throw forbidden(refusal);
  if (user.id === null || user.isVerified) return [];
  const userId = user.id;
  const revokedKey: DomainEvent[] = keys.current
    ? [{ type: 'ApiKeyRevoked', data: { user_id: userId, key_id: keys.current.keyId, key_hash: keys.current.keyHash, reason: 'account_reclaimed' } }]
    : [];
  return [
    { type: 'PasswordChanged', data: { user_id: userId, password_hash: command.unknownPasswordHash, reason: 'account_reclaimed' } },
    ...revokedKey,
    { type: 'EmailVerified', data: { user_id: userId, via: 'oauth' } },
  ];
}

/** The user's stream folded twice over: the account, and its API key. */
export const socialSignInDecider: Decider<SocialSignInCommand, { user: UserState; keys: ApiKeyState }> = {
  streamOf: (command) => `user-${command.userId}`,
  initialState: { user: noUser, keys: noApiKeyState },
  evolve: (state, event) => ({ user: evolveUser(state.user, event), keys: evolveApiKey(state.keys, event) }),
  decide: (command, state) => decideSocialSignIn(command, state.user, state.keys),
};
