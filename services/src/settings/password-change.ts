import { handleCommand, type CommandDeps } from '../commands/command-handler.ts';
import { forbidden, notFound, type DomainError } from '../commands/domain-error.ts';
import { loadStream, type CommandContext } from '../commands/command-context.ts';
import { hashPassword, verifyPassword } from '../accounts/index.ts';
import type { SessionToken } from '../http/access.ts';
import { evolveSettingsUser, noSettingsUser, userStream, type SettingsUser } from './settings-user-state.ts';
import { ACCOUNT_GONE, passwordChangeDecider } from './settings-user-deciders.ts';

export const PASSWORD_UPDATED = 'Password updated successfully. Every other session was signed out.';
export const PASSWORD_UPDATED_KEY_REVOKED =
  'Password updated successfully. Every other session was signed out, and your API key was revoked: create a new one for your integrations.';
export const WRONG_CURRENT_PASSWORD = 'Your current password is incorrect.';
export const OTHERS_SIGNED_OUT = 'All other sessions were signed out successfully.';

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
