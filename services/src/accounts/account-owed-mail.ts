import { shreddedEmail, type EmailTokenPurpose, type EventStore } from '@linkledger/contracts';
import { loadStream, type CommandContext } from '../commands/command-context.ts';
import { recordFact } from '../commands/record-fact.ts';
import type { OwedMailComposer } from '../owed-mail/index.ts';
import { passwordResetMail, verificationMail } from './account-mail.ts';
import { EMAIL_TOKEN_LIFETIME_MS, emailTokenStream, newEmailToken } from './email-tokens.ts';
import { evolveUser, noUser } from './user-state.ts';

/**
 * Records a fresh single-use token (only its hash names the stream) and returns it for the
 * link. Minted when the mail is written, not when it was owed: the token is stored nowhere,
 * so a mail sent after a crash carries a new one.
 */
export async function issueEmailToken(
  events: EventStore,
  context: CommandContext,
  purpose: EmailTokenPurpose,
  user: { id: number; email: string },
  expiresAt = new Date(context.now.getTime() + EMAIL_TOKEN_LIFETIME_MS[purpose]).toISOString(),
): Promise<string> {
  const token = newEmailToken();
  const event = { type: 'EmailTokenIssued', data: { purpose, user_id: user.id, email: user.email, expires_at: expiresAt } } as const;
  await recordFact(events, context, { stream: emailTokenStream(token), event, expected: 'no_stream' });
  return token;
}

export const tokenLink = (base: string, screen: string, token: string) => `${base}/${screen}?token=${encodeURIComponent(token)}`;

/** The account as it is when the mail is written; null once it is gone. */
async function liveAccount(events: EventStore, userId: number) {
  const { state: user } = await loadStream(events, `user-${userId}`, noUser, evolveUser);
  return user.id === null || user.deleted || user.email === shreddedEmail ? null : { ...user, id: user.id };
}

/** The verification link, to the account's address, unless it was verified meanwhile. */
export const composeVerificationMail: OwedMailComposer = async (events, owed, context) => {
  const user = await liveAccount(events, owed.userId);
  if (!user) return { abandon: 'account_gone' };
  if (user.isVerified) return { abandon: 'not_needed' };
  const token = await issueEmailToken(events, context, 'verify_email', user);
  return { message: verificationMail(user.email, tokenLink(owed.linkBase, 'verify-email', token)) };
};

/** The reset link, to the account's address. */
export const composePasswordResetMail: OwedMailComposer = async (events, owed, context) => {
  const user = await liveAccount(events, owed.userId);
  if (!user) return { abandon: 'account_gone' };
  const token = await issueEmailToken(events, context, 'reset_password', user);
  return { message: passwordResetMail(user.email, tokenLink(owed.linkBase, 'reset-password', token)) };
};
