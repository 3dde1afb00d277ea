import type { DomainEvent } from '@linkledger/contracts';
import type { MultiStreamDecider } from '../commands/command-handler.ts';
import { conflict, invalid, notFound } from '../commands/domain-error.ts';
import { signInLinkPlace, type SignInLinkBases } from '../mail/sign-in-link-mail.ts';
import { mailOwed, owedMailSpec, type MailToOwe, type OwedMailState } from '../owed-mail/index.ts';
import { emailTokenStream, evolveEmailToken, noEmailToken, type EmailTokenState } from './email-tokens.ts';
import { evolveAccountWithKey, noAccountWithKey, releaseHolds, type AccountWithKey } from './reclaim.ts';
import { evolveUser, noUser, type UserState } from './user-state.ts';

// The screen's own texts for these cases (docs/accounts.md#email-verification), so the server's detail reads the same.
export const VERIFICATION_EXPIRED = 'Verification link has expired. Please request a new verification email from your dashboard.';
export const VERIFICATION_INVALID = 'Invalid verification link. Please check your email and try again.';
export const EMAIL_ALREADY_VERIFIED = 'Your email address is already verified.';
export const RESET_INVALID = 'This reset link is invalid or has already been used. Please request a new reset link.';
export const RESET_EXPIRED = 'This reset link has expired: reset links are valid for 1 hour. Please request a new reset link.';

interface VerificationDecision {
  alreadyVerified: boolean;
  /** For the token's stream (its redemption) and the user's stream. */
  tokenEvents: DomainEvent[];
  userEvents: DomainEvent[];
}

/**
 * Given a verification token's stream and its user, when the link is followed: a valid
 * token verifies the address once; a second click finds the address verified, which the
 * screen counts as success; anything else is invalid or expired. Until now anyone could
 * have registered the address, so proving it ends whatever was set up on the account:
 * every session, the API key and a pending change of address (reclaim.ts).
 */
export function decideEmailVerification(token: EmailTokenState, account: AccountWithKey, now: Date): VerificationDecision {
  const { user } = account;
  const issued = token.issued;
  if (!issued || issued.purpose !== 'verify_email' || user.id !== issued.userId) throw invalid(VERIFICATION_INVALID);
  if (user.isVerified) return { alreadyVerified: true, tokenEvents: [], userEvents: [] };
  // A link mailed to an earlier address proves nothing about the current one.
  if (token.redeemed || issued.email !== user.email) throw invalid(VERIFICATION_INVALID);
  if (now.getTime() >= Date.parse(issued.expiresAt)) throw invalid(VERIFICATION_EXPIRED);
  return {
    alreadyVerified: false,
    tokenEvents: [{ type: 'EmailTokenRedeemed', data: { purpose: 'verify_email', user_id: issued.userId } }],
    userEvents: [
      { type: 'EmailVerified', data: { user_id: issued.userId, via: 'email_link' } },
      { type: 'AllSessionsRevoked', data: { user_id: issued.userId, reason: 'email_verified' } },
      ...releaseHolds(account, 'email_verified'),
    ],
  };
}

interface ResetDecision {
  tokenEvents: DomainEvent[];
  userEvents: DomainEvent[];
}

/**
 * Given a reset token's stream and its user, when a new password is set: the token works
 * once, within its hour, and only while no later password change has made it stale.
 * Receiving the link also proves the address: an unverified one becomes verified, and
 * whatever anyone else set up on the account ends — every session (the new password does
 * that), the API key and a pending change of address (reclaim.ts).
 */
export function decidePasswordReset(token: EmailTokenState, account: AccountWithKey, passwordHash: string, now: Date): ResetDecision {
  const { user } = account;
  const issued = token.issued;
  if (!issued || issued.purpose !== 'reset_password' || user.id !== issued.userId || token.redeemed) throw invalid(RESET_INVALID);
  if (user.passwordChangedAt && Date.parse(user.passwordChangedAt) >= Date.parse(issued.issuedAt)) throw invalid(RESET_INVALID);
  if (issued.email !== user.email) throw invalid(RESET_INVALID);
  if (now.getTime() >= Date.parse(issued.expiresAt)) throw invalid(RESET_EXPIRED);
  const userEvents: DomainEvent[] = [
    { type: 'PasswordChanged', data: { user_id: issued.userId, password_hash: passwordHash, reason: 'reset' } },
    ...releaseHolds(account, 'password_reset'),
  ];
  if (!user.isVerified) userEvents.push({ type: 'EmailVerified', data: { user_id: issued.userId, via: 'email_link' } });
  return { tokenEvents: [{ type: 'EmailTokenRedeemed', data: { purpose: 'reset_password', user_id: issued.userId } }], userEvents };
}

interface OweSignInMail {
  userId: number;
  mail: MailToOwe;
  bases: SignInLinkBases;
}

type UserAndMail = { user: UserState; mail: OwedMailState };

const userAndMail = (command: OweSignInMail) => ({
  user: { stream: `user-${command.userId}`, initialState: noUser, evolve: evolveUser },
  mail: owedMailSpec(command.mail.mailId),
});

/** Given a signed-in account, when it asks for a verification link: the mail is owed, unless the address is verified already. */
export const verificationMailDecider: MultiStreamDecider<OweSignInMail, UserAndMail> = {
  streamsOf: userAndMail,
  decide: (command, { user }) => {
    if (user.id === null || user.deleted) throw notFound('This account no longer exists.');
    if (user.isVerified) throw conflict(EMAIL_ALREADY_VERIFIED);
    return { mail: [mailOwed(command.mail, { kind: 'verify_email', userId: user.id, place: signInLinkPlace(user, command.bases) })] };
  },
};

/** Given an account, when someone asks for a reset link to its address: the mail is owed (nothing for a deleted account). */
export const resetMailDecider: MultiStreamDecider<OweSignInMail, UserAndMail> = {
  streamsOf: userAndMail,
  decide: (command, { user }) => {
    if (user.id === null || user.deleted) return {};
    return { mail: [mailOwed(command.mail, { kind: 'reset_password', userId: user.id, place: signInLinkPlace(user, command.bases) })] };
  },
};

/** The token's stream and its user's: a link's use is decided on both and written to both at once. */
function tokenAndUser(token: string, userId: number) {
  return {
    token: { stream: emailTokenStream(token), initialState: noEmailToken, evolve: evolveEmailToken },
    user: { stream: `user-${userId}`, initialState: noAccountWithKey, evolve: evolveAccountWithKey },
  };
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

/** Sets a new password with a reset link's token: once, within the hour. */
export const resetPasswordDecider: MultiStreamDecider<UseToken & { passwordHash: string }, { token: EmailTokenState; user: AccountWithKey }> = {
  streamsOf: (command) => tokenAndUser(command.token, command.userId),
  decide: (command, states) => {
    const decided = decidePasswordReset(states.token, states.user, command.passwordHash, command.now);
    return { token: decided.tokenEvents, user: decided.userEvents };
  },
};
