import type { DomainEvent } from '@linkledger/contracts';
import { invalid } from '../commands/domain-error.ts';
import type { EmailTokenState } from './email-tokens.ts';
import { releaseHolds, type AccountWithKey } from './reclaim.ts';

// The screen's own texts for these cases (docs/accounts.md#email-verification), so the server's detail reads the same.
export const VERIFICATION_EXPIRED = 'Verification link has expired. Please request a new verification email from your dashboard.';
export const VERIFICATION_INVALID = 'Invalid verification link. Please check your email and try again.';
export const EMAIL_VERIFIED = 'Email verified successfully! You can now use every feature of your account.';
export const EMAIL_ALREADY_VERIFIED = 'Your email address is already verified.';

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
