import type { EmailTokenPurpose } from '@linkledger/contracts';
import { handleMultiStreamCommand, type MultiStreamDecider, type CommandDeps } from '../commands/command-handler.ts';
import { loadStream, metadataFor, toNewEvent, type CommandContext } from '../commands/command-context.ts';
import { DomainError, conflict, invalid, notFound, unavailable } from '../commands/domain-error.ts';
import type { Platform } from '../platform/platform.ts';
import { signInLinkMail, type SignInLinkBases } from '../mail/sign-in-link-mail.ts';
import { passwordResetMail, verificationMail } from './account-mail.ts';
import { EMAIL_TOKEN_LIFETIME_MS, emailTokenStream, evolveEmailToken, newEmailToken, noEmailToken, type EmailTokenState } from './email-tokens.ts';
import { hashPassword } from './passwords.ts';
import { userIdByEmail } from './register-user.ts';
import { RESET_INVALID, decidePasswordReset } from './reset-password.ts';
import { evolveAccountWithKey, noAccountWithKey, type AccountWithKey } from './reclaim.ts';
import { evolveUser, noUser } from './user-state.ts';
import { EMAIL_ALREADY_VERIFIED, VERIFICATION_INVALID, decideEmailVerification } from './verify-email.ts';

export const MAIL_FAILED = 'We could not send the email just now. Please try again in a few minutes.';

/** Records a fresh single-use token (only its hash names the stream) and returns it for the link. */
async function issueEmailToken(platform: Pick<Platform, 'events'>, context: CommandContext, purpose: EmailTokenPurpose, user: { id: number; email: string }) {
  const token = newEmailToken();
  const expiresAt = new Date(context.now.getTime() + EMAIL_TOKEN_LIFETIME_MS[purpose]).toISOString();
  const event = toNewEvent({ type: 'EmailTokenIssued', data: { purpose, user_id: user.id, email: user.email, expires_at: expiresAt } }, metadataFor(context));
  await platform.events.append([{ stream: emailTokenStream(token), expected: 'no_stream', events: [event] }]);
  return token;
}

const link = (base: string, screen: string, token: string) => `${base}/${screen}?token=${encodeURIComponent(token)}`;

async function loadUser(platform: Pick<Platform, 'events'>, userId: number) {
  return loadStream(platform.events, `user-${userId}`, noUser, evolveUser);
}

/** Mails a verification link to a signed-in user whose address is not verified yet. */
export async function sendVerificationEmail(platform: Pick<Platform, 'events' | 'mailer'>, context: CommandContext, userId: number, bases: SignInLinkBases): Promise<void> {
  const { state: user } = await loadUser(platform, userId);
  if (user.id === null) throw notFound('This account no longer exists.');
  if (user.isVerified) throw conflict(EMAIL_ALREADY_VERIFIED);
  const token = await issueEmailToken(platform, context, 'verify_email', { id: user.id, email: user.email });
  const mail = signInLinkMail(user, bases, (base) => verificationMail(user.email, link(base, 'verify-email', token)));
  try {
    await platform.mailer.send(mail);
  } catch (error) {
    throw unavailable(MAIL_FAILED, { cause: error });
  }
}

/**
 * At registration with a password (docs/accounts.md): the verification link goes out at once.
 * The account exists already, so a mail that cannot be sent (or a link base that cannot be
 * told) is logged and never fails the registration: the banner's Resend sends another.
 */
export async function sendVerificationAtRegistration(
  platform: Pick<Platform, 'events' | 'mailer'>,
  context: CommandContext,
  userId: number,
  bases: () => Promise<SignInLinkBases>,
  log: (error: unknown) => void,
): Promise<void> {
  try {
    await sendVerificationEmail(platform, context, userId, await bases());
  } catch (error) {
    log(error instanceof DomainError && error.cause !== undefined ? error.cause : error);
  }
}

/** The token's stream and its user's: a link's use is decided on both and written to both at once. */
function tokenAndUser(token: string, userId: number) {
  return {
    token: { stream: emailTokenStream(token), initialState: noEmailToken, evolve: evolveEmailToken },
    user: { stream: `user-${userId}`, initialState: noAccountWithKey, evolve: evolveAccountWithKey },
  };
}

/** The user a token was issued for (a read ahead of the command, which checks it again), or null. */
async function tokenUser(platform: Pick<Platform, 'events'>, token: string): Promise<number | null> {
  const { state } = await loadStream(platform.events, emailTokenStream(token), noEmailToken, evolveEmailToken);
  return state.issued?.userId ?? null;
}

interface UseToken {
  token: string;
  userId: number;
  now: Date;
}

export const verifyEmailDecider: MultiStreamDecider<UseToken, { token: EmailTokenState; user: AccountWithKey }> = {
  streamsOf: (command) => tokenAndUser(command.token, command.userId),
  decide: (command, states) => {
    const decided = decideEmailVerification(states.token, states.user, command.now);
    return { token: decided.tokenEvents, user: decided.userEvents };
  },
};

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
export async function sendPasswordResetEmail(platform: Pick<Platform, 'events' | 'mailer'>, context: CommandContext, email: string, bases: SignInLinkBases): Promise<void> {
  const userId = await userIdByEmail(platform, email);
  if (!userId) return;
  const { state: user } = await loadUser(platform, userId);
  if (user.id === null) return;
  const token = await issueEmailToken(platform, context, 'reset_password', { id: user.id, email: user.email });
  await platform.mailer.send(signInLinkMail(user, bases, (base) => passwordResetMail(user.email, link(base, 'reset-password', token))));
}

/** Sets a new password with a reset link's token: once, within the hour. */
export const resetPasswordDecider: MultiStreamDecider<UseToken & { passwordHash: string }, { token: EmailTokenState; user: AccountWithKey }> = {
  streamsOf: (command) => tokenAndUser(command.token, command.userId),
  decide: (command, states) => {
    const decided = decidePasswordReset(states.token, states.user, command.passwordHash, command.now);
    return { token: decided.tokenEvents, user: decided.userEvents };
  },
};

/** Sets the new password; gives the account's address, whose sign-in counters the caller clears. */
export async function resetPasswordWithToken(platform: CommandDeps, context: CommandContext, token: string, newPassword: string): Promise<{ email: string }> {
  const userId = await tokenUser(platform, token);
  if (userId === null) throw invalid(RESET_INVALID);
  // Hashing is slow on purpose: done once, outside the retried cycle.
  const passwordHash = await hashPassword(newPassword);
  const { state } = await handleMultiStreamCommand(platform, asUser(context, userId), resetPasswordDecider, { token, userId, passwordHash, now: context.now });
  return { email: state.user.user.email };
}
