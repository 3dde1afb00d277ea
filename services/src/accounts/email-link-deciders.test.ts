import { describe, expect, it } from 'vitest';
import type { ApiKeyState } from '../api-keys/api-key-state.ts';
import type { EmailTokenState } from './email-tokens.ts';
import type { AccountWithKey } from './reclaim.ts';
import { noUser, type UserState } from './user-state.ts';
import {
  RESET_EXPIRED,
  RESET_INVALID,
  VERIFICATION_EXPIRED,
  VERIFICATION_INVALID,
  decideEmailVerification,
  decidePasswordReset,
} from './email-link-deciders.ts';

const at = (iso: string) => new Date(iso);
const noKey: ApiKeyState = { userId: 7, current: null };
const withKey: ApiKeyState = { userId: 7, current: { keyId: 'k1', keyHash: 'a'.repeat(64), keyEncrypted: 'v1.x' } };
const account = (user: Partial<UserState> = {}, keys: ApiKeyState = noKey): AccountWithKey => ({
  user: { ...noUser, id: 7, email: 'ada@example.com', passwordHash: 'scrypt$old', ...user },
  keys,
});
/** Someone registered ada's address first, minted a key and asked to move the account to their own mailbox. */
const heldByRegistrant = account({ pendingChange: { email: 'mallory@example.com', expiresAt: '2026-01-02T10:00:00.000Z' } }, withKey);
const token = (purpose: 'verify_email' | 'reset_password', overrides: Partial<EmailTokenState> = {}): EmailTokenState => ({
  issued: { purpose, userId: 7, email: 'ada@example.com', issuedAt: '2026-01-01T10:00:00.000Z', expiresAt: '2026-01-01T11:00:00.000Z' },
  redeemed: false,
  ...overrides,
});

describe('decideEmailVerification', () => {
  it('given a fresh token, when followed in time, then the token is redeemed, the address verified and every earlier session ended', () => {
    const decided = decideEmailVerification(token('verify_email'), account(), at('2026-01-01T10:30:00Z'));
    expect(decided.alreadyVerified).toBe(false);
    expect(decided.tokenEvents).toEqual([{ type: 'EmailTokenRedeemed', data: { purpose: 'verify_email', user_id: 7 } }]);
    expect(decided.userEvents).toEqual([
      { type: 'EmailVerified', data: { user_id: 7, via: 'email_link' } },
      { type: 'AllSessionsRevoked', data: { user_id: 7, reason: 'email_verified' } },
    ]);
  });

  it('given an account with an API key and a pending change of address, when the link proves the address, then the key is revoked and the change cancelled', () => {
    const decided = decideEmailVerification(token('verify_email'), heldByRegistrant, at('2026-01-01T10:30:00Z'));
    expect(decided.userEvents).toEqual([
      { type: 'EmailVerified', data: { user_id: 7, via: 'email_link' } },
      { type: 'AllSessionsRevoked', data: { user_id: 7, reason: 'email_verified' } },
      { type: 'ApiKeyRevoked', data: { user_id: 7, key_id: 'k1', key_hash: 'a'.repeat(64), reason: 'email_verified' } },
      { type: 'EmailChangeCancelled', data: { user_id: 7, reason: 'email_verified' } },
    ]);
  });

  it('given the address is verified, when any of its tokens is followed (even late), then it is success with nothing new', () => {
    const decided = decideEmailVerification(token('verify_email', { redeemed: true }), account({ isVerified: true }, withKey), at('2026-02-01T00:00:00Z'));
    expect(decided).toEqual({ alreadyVerified: true, tokenEvents: [], userEvents: [] });
  });

  it('given a late, unknown, reset-purpose or re-addressed token, then it is expired or invalid', () => {
    expect(() => decideEmailVerification(token('verify_email'), account(), at('2026-01-01T11:00:00Z'))).toThrow(VERIFICATION_EXPIRED);
    expect(() => decideEmailVerification({ issued: null, redeemed: false }, { user: noUser, keys: noKey }, at('2026-01-01T10:00:00Z'))).toThrow(
      VERIFICATION_INVALID,
    );
    expect(() => decideEmailVerification(token('reset_password'), account(), at('2026-01-01T10:30:00Z'))).toThrow(VERIFICATION_INVALID);
    expect(() => decideEmailVerification(token('verify_email'), account({ email: 'new@example.com' }), at('2026-01-01T10:30:00Z'))).toThrow(
      VERIFICATION_INVALID,
    );
  });
});

describe('decidePasswordReset', () => {
  it('given a fresh token, when a new password is set, then the token is spent, the hash changes and the address counts as verified', () => {
    const decided = decidePasswordReset(token('reset_password'), account(), 'scrypt$new', at('2026-01-01T10:59:59Z'));
    expect(decided.tokenEvents).toEqual([{ type: 'EmailTokenRedeemed', data: { purpose: 'reset_password', user_id: 7 } }]);
    expect(decided.userEvents).toEqual([
      { type: 'PasswordChanged', data: { user_id: 7, password_hash: 'scrypt$new', reason: 'reset' } },
      { type: 'EmailVerified', data: { user_id: 7, via: 'email_link' } },
    ]);
  });

  it('given an API key and a pending change of address, when the reset link sets a password, then the key is revoked and the change cancelled', () => {
    const decided = decidePasswordReset(token('reset_password'), heldByRegistrant, 'scrypt$new', at('2026-01-01T10:30:00Z'));
    expect(decided.userEvents).toEqual([
      { type: 'PasswordChanged', data: { user_id: 7, password_hash: 'scrypt$new', reason: 'reset' } },
      { type: 'ApiKeyRevoked', data: { user_id: 7, key_id: 'k1', key_hash: 'a'.repeat(64), reason: 'password_reset' } },
      { type: 'EmailChangeCancelled', data: { user_id: 7, reason: 'password_reset' } },
      { type: 'EmailVerified', data: { user_id: 7, via: 'email_link' } },
    ]);
  });

  it('given a used, stale, late or verification token, then it is refused', () => {
    const inTime = at('2026-01-01T10:30:00Z');
    expect(() => decidePasswordReset(token('reset_password', { redeemed: true }), account(), 'h', inTime)).toThrow(RESET_INVALID);
    expect(() => decidePasswordReset(token('reset_password'), account({ passwordChangedAt: '2026-01-01T10:10:00.000Z' }), 'h', inTime)).toThrow(RESET_INVALID);
    expect(() => decidePasswordReset(token('reset_password'), account(), 'h', at('2026-01-01T11:00:00Z'))).toThrow(RESET_EXPIRED);
    expect(() => decidePasswordReset(token('verify_email'), account(), 'h', inTime)).toThrow(RESET_INVALID);
  });

  it('given an already verified account with a key, then the password changes and the key is revoked', () => {
    const decided = decidePasswordReset(token('reset_password'), account({ isVerified: true }, withKey), 'h', at('2026-01-01T10:30:00Z'));
    expect(decided.userEvents.map((e) => e.type)).toEqual(['PasswordChanged', 'ApiKeyRevoked']);
  });
});
