import type { DomainEvent } from '@linkledger/contracts';
import { handleCommand, type CommandDeps, type Decider } from '../commands/command-handler.ts';
import { conflict, forbidden, invalid, notFound, type DomainError } from '../commands/domain-error.ts';
import { loadStream, type CommandContext } from '../commands/command-context.ts';
import { hashPassword, verifyPassword } from '../accounts/index.ts';
import type { SessionToken } from '../http/access.ts';
import { evolveSettingsUser, noSettingsUser, userStream, type SettingsUser } from './settings-user.ts';
import { ACCOUNT_GONE } from './profile.ts';
import { revokeCurrentKey } from '../api-keys/index.ts';

export const PASSWORD_UPDATED = 'Password updated successfully. Every other session was signed out.';
export const PASSWORD_UPDATED_KEY_REVOKED =
  'Password updated successfully. Every other session was signed out, and your API key was revoked: create a new one for your integrations.';
export const WRONG_CURRENT_PASSWORD = 'Your current password is incorrect.';
export const PASSWORD_NOT_NEW = 'New password must be different from your current password.';
export const OTHERS_SIGNED_OUT = 'All other sessions were signed out successfully.';

interface ChangePassword {
  userId: number;
  /** The hash the current password was checked against: a change meanwhile makes this one fail. */
  checkedHash: string;
  passwordHash: string;
  /** The session the change is made from: it stays signed in. */
  keptJti: string;
  /** The owner also revokes the account's API key (a key made by whoever knew the old password stops). */
  revokeApiKey: boolean;
  /** The new password is the one the owner just proved: nothing would change but the sessions. */
  sameAsCurrent: boolean;
}

/**
 * Given the account, when the owner (who proved the current password) sets a new one: every
 * other session ends, and the API key too when the owner asked for that. The password just
 * proved is no new one and is refused.
 */
export function decidePasswordChange(command: ChangePassword, state: SettingsUser): DomainEvent[] {
  if (state.user.id === null || state.user.deleted) throw notFound(ACCOUNT_GONE);
  if (state.user.passwordHash !== command.checkedHash) throw conflict('Your password was changed at the same moment. Please try again.');
  if (command.sameAsCurrent) throw invalid(PASSWORD_NOT_NEW);
  return [
    { type: 'PasswordChanged', data: { user_id: command.userId, password_hash: command.passwordHash, reason: 'change', kept_jti: command.keptJti } },
    ...(command.revokeApiKey ? revokeCurrentKey(state.keys, 'password_changed') : []),
  ];
}

export const passwordChangeDecider: Decider<ChangePassword, SettingsUser> = {
  streamOf: (command) => userStream(command.userId),
  initialState: noSettingsUser,
  evolve: evolveSettingsUser,
  decide: decidePasswordChange,
};

/** Signs out every session of the account but the caller's (tokens issued before are refused, that one excepted). */
export function decideRevokeOthers(command: { userId: number; keptJti: string }, state: SettingsUser): DomainEvent[] {
  if (state.user.id === null || state.user.deleted) throw notFound(ACCOUNT_GONE);
  return [{ type: 'OtherSessionsRevoked', data: { user_id: command.userId, kept_jti: command.keptJti } }];
}

export const revokeOthersDecider: Decider<{ userId: number; keptJti: string }, SettingsUser> = {
  streamOf: (command) => userStream(command.userId),
  initialState: noSettingsUser,
  evolve: evolveSettingsUser,
  decide: decideRevokeOthers,
};

/** Wrong current passwords count like failed sign-ins (the throttle's key), so a stolen session cannot guess it quickly. */
interface PasswordGuard {
  check(email: string, ip: string): Promise<void>;
  failed(email: string, ip: string): Promise<void>;
  succeeded(email: string, ip: string): Promise<void>;
}

/** The account's current state once the caller proved its current password; throws the wrong-password refusal otherwise. */
export async function proveCurrentPassword(
  platform: Pick<CommandDeps, 'events'>,
  guard: PasswordGuard,
  userId: number,
  password: string,
  ip: string,
  refusal: DomainError = forbidden(WRONG_CURRENT_PASSWORD),
): Promise<SettingsUser> {
  const { state } = await loadStream(platform.events, userStream(userId), noSettingsUser, evolveSettingsUser);
  if (state.user.id === null || state.user.deleted) throw notFound(ACCOUNT_GONE);
  await guard.check(state.user.email, ip);
  if (!(await verifyPassword(password, state.user.passwordHash))) {
    await guard.failed(state.user.email, ip);
    throw refusal;
  }
  await guard.succeeded(state.user.email, ip);
  return state;
}

/** Checks the current password, then sets the new one keeping the caller's session; answers whether an API key was revoked. */
export async function changePassword(
  platform: CommandDeps,
  context: CommandContext,
  guard: PasswordGuard,
  input: { session: SessionToken; currentPassword: string; newPassword: string; revokeApiKey: boolean; ip: string },
): Promise<{ apiKeyRevoked: boolean }> {
  const state = await proveCurrentPassword(platform, guard, input.session.userId, input.currentPassword, input.ip);
  const sameAsCurrent = input.newPassword === input.currentPassword;
  const passwordHash = sameAsCurrent ? state.user.passwordHash : await hashPassword(input.newPassword);
  const command = {
    userId: input.session.userId,
    checkedHash: state.user.passwordHash,
    passwordHash,
    keptJti: input.session.jti,
    revokeApiKey: input.revokeApiKey,
    sameAsCurrent,
  };
  const { events } = await handleCommand(platform, context, passwordChangeDecider, command);
  return { apiKeyRevoked: events.some((event) => event.type === 'ApiKeyRevoked') };
}
