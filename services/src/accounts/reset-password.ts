import type { DomainEvent } from '@linkledger/contracts';
import { invalid } from '../commands/domain-error.ts';
import type { EmailTokenState } from './email-tokens.ts';
import { releaseHolds, type AccountWithKey } from './reclaim.ts';

export const RESET_INVALID = 'This reset link is invalid or has already been used. Please request a new reset link.';
export const RESET_EXPIRED = 'This reset link has expired: reset links are valid for 1 hour. Please request a new reset link.';
export const PASSWORD_RESET = 'Password reset successfully!';

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
