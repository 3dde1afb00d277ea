import { describe, expect, it } from 'vitest';
import type { EmailTokenState } from './email-tokens.ts';
import { RESET_EXPIRED, RESET_INVALID, decidePasswordReset } from './reset-password.ts';
import { noUser, type UserState } from './user-state.ts';
import { VERIFICATION_EXPIRED, VERIFICATION_INVALID, decideEmailVerification } from './verify-email.ts';

const at = (iso: string) => new Date(iso);
const user: UserState = { ...noUser, id: 7, email: 'ada@example.com', passwordHash: 'scrypt$old' };
const token = (purpose: 'verify_email' | 'reset_password', overrides: Partial<EmailTokenState> = {}): EmailTokenState => ({
  issued: { purpose, userId: 7, email: 'ada@example.com', issuedAt: '2026-01-01T10:00:00.000Z', expiresAt: '2026-01-01T11:00:00.000Z' },
  redeemed: false,
  ...overrides,
});

describe('decideEmailVerification', () => {
  it('given a fresh token, when followed in time, then the token is redeemed and the address verified', () => {
    const decided = decideEmailVerification(token('verify_email'), user, at('2026-01-01T10:30:00Z'));
    expect(decided.alreadyVerified).toBe(false);
    expect(decided.tokenEvents).toEqual([{ type: 'EmailTokenRedeemed', data: { purpose: 'verify_email', user_id: 7 } }]);
    expect(decided.userEvents).toEqual([{ type: 'EmailVerified', data: { user_id: 7, via: 'email_link' } }]);
  });

  it('given the address is verified, when any of its tokens is followed (even late), then it is success with nothing new', () => {
    const decided = decideEmailVerification(token('verify_email', { redeemed: true }), { ...user, isVerified: true }, at('2026-02-01T00:00:00Z'));
    expect(decided).toEqual({ alreadyVerified: true, tokenEvents: [], userEvents: [] });
  });

  it('given a late, unknown, reset-purpose or re-addressed token, then it is expired or invalid', () => {
    expect(() => decideEmailVerification(token('verify_email'), user, at('2026-01-01T11:00:00Z'))).toThrow(VERIFICATION_EXPIRED);
    expect(() => decideEmailVerification({ issued: null, redeemed: false }, noUser, at('2026-01-01T10:00:00Z'))).toThrow(VERIFICATION_INVALID);
    expect(() => decideEmailVerification(token('reset_password'), user, at('2026-01-01T10:30:00Z'))).toThrow(VERIFICATION_INVALID);
    expect(() => decideEmailVerification(token('verify_email'), { ...user, email: 'new@example.com' }, at('2026-01-01T10:30:00Z'))).toThrow(VERIFICATION_INVALID);
  });
});

describe('decidePasswordReset', () => {
  it('given a fresh token, when a new password is set, then the token is spent, the hash changes and the address counts as verified', () => {
    const decided = decidePasswordReset(token('reset_password'), user, 'scrypt$new', at('2026-01-01T10:59:59Z'));
    expect(decided.tokenEvents).toEqual([{ type: 'EmailTokenRedeemed', data: { purpose: 'reset_password', user_id: 7 } }]);
    expect(decided.userEvents).toEqual([
      { type: 'PasswordChanged', data: { user_id: 7, password_hash: 'scrypt$new', reason: 'reset' } },
      { type: 'EmailVerified', data: { user_id: 7, via: 'email_link' } },
    ]);
  });

  it('given a used, stale, late or verification token, then it is refused', () => {
    const inTime = at('2026-01-01T10:30:00Z');
    expect(() => decidePasswordReset(token('reset_password', { redeemed: true }), user, 'h', inTime)).toThrow(RESET_INVALID);
    expect(() => decidePasswordReset(token('reset_password'), { ...user, passwordChangedAt: '2026-01-01T10:10:00.000Z' }, 'h', inTime)).toThrow(RESET_INVALID);
    expect(() => decidePasswordReset(token('reset_password'), user, 'h', at('2026-01-01T11:00:00Z'))).toThrow(RESET_EXPIRED);
    expect(() => decidePasswordReset(token('verify_email'), user, 'h', inTime)).toThrow(RESET_INVALID);
  });

  it('given an already verified account, then only the password changes', () => {
    const decided = decidePasswordReset(token('reset_password'), { ...user, isVerified: true }, 'h', at('2026-01-01T10:30:00Z'));
    expect(decided.userEvents.map((e) => e.type)).toEqual(['PasswordChanged']);
  });
});
