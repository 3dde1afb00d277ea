import { randomUUID } from 'node:crypto';
import { handleMultiStreamCommand, type CommandDeps } from '../commands/command-handler.ts';
import { loadStream, type CommandContext } from '../commands/command-context.ts';
import { DomainError, invalid, unavailable } from '../commands/domain-error.ts';
import type { Platform } from '../platform/platform.ts';
import type { SignInLinkBases } from '../mail/sign-in-link-mail.ts';
import type { MailToOwe } from '../owed-mail/index.ts';
import { emailTokenStream, evolveEmailToken, noEmailToken } from './email-tokens.ts';
import { hashPassword } from './passwords.ts';
import { userIdByEmail } from './register-user.ts';
import {
  RESET_INVALID,
  VERIFICATION_INVALID,
  resetMailDecider,
  resetPasswordDecider,
  verificationMailDecider,
  verifyEmailDecider,
} from './email-link-deciders.ts';

/** The request's own attempt failed; the mail stays owed and the sender sends it (docs/operations.md#mail-that-is-never-lost). */
export const MAIL_DELAYED =
  'We could not send the email just now. It goes out by itself as soon as the mail service answers, so there is no need to ask again.';

/** What sending a mail a command owes needs: the log, and the sender that delivers it. */
export type OwingDeps = CommandDeps & Pick<Platform, 'owedMail' | 'config'>;

/** A mail about to be owed, minted from the request's clock. */
export const mailToOwe = (platform: Pick<Platform, 'config'>, context: CommandContext): MailToOwe => ({
  mailId: randomUUID(),
  now: context.now,
  retryMs: platform.config.MAIL_RETRY_SECONDS * 1000,
});

/** Mails a verification link to a signed-in user whose address is not verified yet. */
export async function sendVerificationEmail(platform: OwingDeps, context: CommandContext, userId: number, bases: SignInLinkBases): Promise<void> {
  const mail = mailToOwe(platform, context);
  await handleMultiStreamCommand(platform, context, verificationMailDecider, { userId, mail, bases });
  try {
    await platform.owedMail.deliver(mail.mailId);
  } catch (error) {
    throw unavailable(MAIL_DELAYED, { cause: error });
  }
}

/**
 * At registration with a password (docs/accounts.md): the registration owed the verification
 * mail; this is the request's own attempt at it. A mail that cannot be sent now is logged
 * and never fails the registration: the sender sends it once the transport answers.
 */
export async function deliverAtRegistration(platform: Pick<Platform, 'owedMail'>, mailId: string, log: (error: unknown) => void): Promise<void> {
  try {
    await platform.owedMail.deliver(mailId);
  } catch (error) {
    log(error instanceof DomainError && error.cause !== undefined ? error.cause : error);
  }
}

/** The user a token was issued for (a read ahead of the command, which checks it again), or null. */
async function tokenUser(platform: Pick<Platform, 'events'>, token: string): Promise<number | null> {
  const { state } = await loadStream(platform.events, emailTokenStream(token), noEmailToken, evolveEmailToken);
  return state.issued?.userId ?? null;
}

/** Follows a verification link; returns whether the address had been verified before. */
export async function verifyEmailWithToken(platform: CommandDeps, context: CommandContext, token: string): Promise<{ alreadyVerified: boolean }> {
  const userId = await tokenUser(platform, token);
  if (userId === null) throw invalid(VERIFICATION_INVALID);
  const { events } = await handleMultiStreamCommand(platform, asUser(context, userId), verifyEmailDecider, { token, userId, now: context.now });
  return { alreadyVerified: events.length === 0 };
}

/** Following a mailed link is the account's own doing. */
const asUser = (context: CommandContext, userId: number): CommandContext => ({ ...context, actor: { kind: 'user', id: String(userId) } });

/** Mails a reset link when the address has an account; silently nothing otherwise. */
export async function sendPasswordResetEmail(platform: OwingDeps, context: CommandContext, email: string, bases: SignInLinkBases): Promise<void> {
  const userId = await userIdByEmail(platform, email);
  if (!userId) return;
  const mail = mailToOwe(platform, context);
  const { events } = await handleMultiStreamCommand(platform, context, resetMailDecider, { userId, mail, bases });
  if (events.length > 0) await platform.owedMail.deliver(mail.mailId);
}

/** Sets the new password; gives the account's address, whose sign-in counters the caller clears. */
export async function resetPasswordWithToken(platform: CommandDeps, context: CommandContext, token: string, newPassword: string): Promise<{ email: string }> {
  const userId = await tokenUser(platform, token);
  if (userId === null) throw invalid(RESET_INVALID);
  // Hashing is slow on purpose: done once, outside the retried cycle.
  const passwordHash = await hashPassword(newPassword);
  const { state } = await handleMultiStreamCommand(platform, asUser(context, userId), resetPasswordDecider, { token, userId, passwordHash, now: context.now });
  return { email: state.user.user.email };
}
