import type { EmailTokenPurpose } from '@linkledger/contracts';
import { loadStream, metadataFor, toNewEvent, withRetries, type CommandContext } from '../platform/commands.ts';
import { HttpError } from '../platform/http-errors.ts';
import type { Platform } from '../platform/platform.ts';
import { waitForReadModel } from '../platform/request-context.ts';
import { passwordResetMail, verificationMail } from './account-mail.ts';
import { EMAIL_TOKEN_LIFETIME_MS, emailTokenStream, evolveEmailToken, newEmailToken, noEmailToken } from './email-tokens.ts';
import { hashPassword } from './passwords.ts';
import { userIdByEmail } from './register-user.ts';
import { decidePasswordReset } from './reset-password.ts';
import { evolveUser, noUser } from './user-state.ts';
import { EMAIL_ALREADY_VERIFIED, decideEmailVerification } from './verify-email.ts';

export const MAIL_FAILED = 'We could not send the email just now. Please try again in a few minutes.';

/** Records a fresh single-use token (only its hash names the stream) and returns it for the link. */
async function issueEmailToken(platform: Platform, context: CommandContext, purpose: EmailTokenPurpose, user: { id: number; email: string }) {
  const token = newEmailToken();
  const expiresAt = new Date(context.now.getTime() + EMAIL_TOKEN_LIFETIME_MS[purpose]).toISOString();
  const event = toNewEvent({ type: 'EmailTokenIssued', data: { purpose, user_id: user.id, email: user.email, expires_at: expiresAt } }, metadataFor(context));
  await platform.events.append([{ stream: emailTokenStream(token), expected: 'no_stream', events: [event] }]);
  return token;
}

const link = (base: string, screen: string, token: string) => `${base}/${screen}?token=${encodeURIComponent(token)}`;

async function loadUser(platform: Platform, userId: number) {
  return loadStream(platform.events, `user-${userId}`, noUser, evolveUser);
}

/** Mails a verification link to a signed-in user whose address is not verified yet. */
export async function sendVerificationEmail(platform: Platform, context: CommandContext, userId: number, appBase: string): Promise<void> {
  const { state: user } = await loadUser(platform, userId);
  if (user.id === null) throw new HttpError(404, 'This account no longer exists.');
  if (user.isVerified) throw new HttpError(409, EMAIL_ALREADY_VERIFIED);
  const token = await issueEmailToken(platform, context, 'verify_email', { id: user.id, email: user.email });
  try {
    await platform.mailer.send(verificationMail(user.email, link(appBase, 'verify-email', token)));
  } catch (error) {
    throw Object.assign(new HttpError(503, MAIL_FAILED), { cause: error });
  }
}

/** Follows a verification link; returns whether the address had been verified before. */
export async function verifyEmailWithToken(platform: Platform, context: CommandContext, token: string): Promise<{ alreadyVerified: boolean }> {
  const tokenStream = emailTokenStream(token);
  const result = await withRetries(async () => {
    const tokenState = await loadStream(platform.events, tokenStream, noEmailToken, evolveEmailToken);
    const userId = tokenState.state.issued?.userId;
    const user = userId ? await loadUser(platform, userId) : { state: noUser, revision: null };
    const decided = decideEmailVerification(tokenState.state, user.state, context.now);
    if (decided.alreadyVerified) return { alreadyVerified: true, position: 0 };
    const metadata = { ...metadataFor(context), actor: { kind: 'user' as const, id: String(userId) } };
    const { position } = await platform.events.append([
      { stream: tokenStream, expected: tokenState.revision!, events: decided.tokenEvents.map((e) => toNewEvent(e, metadata)) },
      { stream: `user-${userId}`, expected: user.revision!, events: decided.userEvents.map((e) => toNewEvent(e, metadata)) },
    ]);
    return { alreadyVerified: false, position };
  });
  if (result.position) await waitForReadModel(platform, result.position);
  return { alreadyVerified: result.alreadyVerified };
}

/** Mails a reset link when the address has an account; silently nothing otherwise. */
export async function sendPasswordResetEmail(platform: Platform, context: CommandContext, email: string, appBase: string): Promise<void> {
  const userId = await userIdByEmail(platform, email);
  if (!userId) return;
  const { state: user } = await loadUser(platform, userId);
  if (user.id === null) return;
  const token = await issueEmailToken(platform, context, 'reset_password', { id: user.id, email: user.email });
  await platform.mailer.send(passwordResetMail(user.email, link(appBase, 'reset-password', token)));
}

/** Sets a new password with a reset link's token: once, within the hour. */
/** Sets the new password; gives the account's address, whose sign-in counters the caller clears. */
export async function resetPasswordWithToken(platform: Platform, context: CommandContext, token: string, newPassword: string): Promise<{ email: string }> {
  const tokenStream = emailTokenStream(token);
  // Hashing is slow on purpose: done once, outside the retried read-decide-append.
  const passwordHash = await hashPassword(newPassword);
  const { position, email } = await withRetries(async () => {
    const tokenState = await loadStream(platform.events, tokenStream, noEmailToken, evolveEmailToken);
    const userId = tokenState.state.issued?.userId;
    const user = userId ? await loadUser(platform, userId) : { state: noUser, revision: null };
    const decided = decidePasswordReset(tokenState.state, user.state, passwordHash, context.now);
    const metadata = { ...metadataFor(context), actor: { kind: 'user' as const, id: String(userId) } };
    const appended = await platform.events.append([
      { stream: tokenStream, expected: tokenState.revision!, events: decided.tokenEvents.map((e) => toNewEvent(e, metadata)) },
      { stream: `user-${userId}`, expected: user.revision!, events: decided.userEvents.map((e) => toNewEvent(e, metadata)) },
    ]);
    return { position: appended.position, email: user.state.email };
  });
  await waitForReadModel(platform, position);
  return { email };
}
