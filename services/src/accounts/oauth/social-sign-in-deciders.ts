import type { DomainEvent, OAuthProvider } from '@linkledger/contracts';
import type { Decider } from '../../commands/command-handler.ts';
import { forbidden } from '../../commands/domain-error.ts';
import { accountRefusal } from '../../http/account-status.ts';
import { evolveAccountWithKey, noAccountWithKey, releaseHolds, type AccountWithKey } from '../reclaim.ts';
import type { SystemState } from '../user-state.ts';

/** An admin's or the super admin's account answers to its password only (docs/accounts.md#social-sign-in). */
export const ADMINS_USE_PASSWORD = 'Admin accounts cannot sign in with a social provider. Please sign in with your email and password.';

/** The first account of an installation becomes its super admin, so it is registered with a password. */
export const FIRST_ACCOUNT_USES_PASSWORD = 'The first account of this installation becomes its administrator. Please register it with an email and password.';

/** A provider may open a new account only once the installation has its super admin (who answers to a password only). */
export function decideSocialRegistration(system: SystemState): void {
  if (system.superAdminId === null) throw forbidden(FIRST_ACCOUNT_USES_PASSWORD);
}

interface SocialSignInCommand {
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
 * (which ends every earlier session), the API key is revoked, a pending change of address
 * is cancelled (reclaim.ts), and the address is verified.
 *
 * Admin and super admin accounts are never signed in, linked or reclaimed this way: a
 * provider account is one more way in, and theirs must be their password alone.
 */
export function decideSocialSignIn(command: SocialSignInCommand, account: AccountWithKey): DomainEvent[] {
  const { user } = account;
  // A suspended or banned account is not signed in by any route (docs/admin.md#user-status).
  const refusal = accountRefusal(user.status);
  if (refusal) throw forbidden(refusal);
  if (user.role === 'admin' || user.role === 'super_admin') throw forbidden(ADMINS_USE_PASSWORD);
  if (user.id === null || user.isVerified) return [];
  const userId = user.id;
  return [
    { type: 'PasswordChanged', data: { user_id: userId, password_hash: command.unknownPasswordHash, reason: 'account_reclaimed' } },
    ...releaseHolds(account, 'account_reclaimed'),
    { type: 'EmailVerified', data: { user_id: userId, via: 'oauth' } },
  ];
}

export const socialSignInDecider: Decider<SocialSignInCommand, AccountWithKey> = {
  streamOf: (command) => `user-${command.userId}`,
  initialState: noAccountWithKey,
  evolve: evolveAccountWithKey,
  decide: decideSocialSignIn,
};
