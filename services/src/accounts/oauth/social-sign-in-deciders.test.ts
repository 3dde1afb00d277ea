import { describe, expect, it } from 'vitest';
import type { ApiKeyState } from '../../api-keys/api-key-state.ts';
import type { AccountWithKey } from '../reclaim.ts';
import { initialSystem, noUser, type UserState } from '../user-state.ts';
import { ADMINS_USE_PASSWORD, FIRST_ACCOUNT_USES_PASSWORD, decideSocialRegistration, decideSocialSignIn } from './social-sign-in-deciders.ts';

const command = { userId: 7, provider: 'google' as const, unknownPasswordHash: 'scrypt$unknown' };
const registered: UserState = { ...noUser, id: 7, email: 'ada@example.com', passwordHash: 'scrypt$registrant' };
const withKey: ApiKeyState = { userId: 7, current: { keyId: 'k1', keyHash: 'a'.repeat(64), keyEncrypted: 'v1.x' } };
const noKey: ApiKeyState = { userId: 7, current: null };
const account = (user: UserState, keys: ApiKeyState): AccountWithKey => ({ user, keys });

describe('decideSocialSignIn', () => {
  it('given an account whose address was never verified, replaces its password, revokes its key and verifies the address', () => {
    expect(decideSocialSignIn(command, account(registered, withKey))).toEqual([
      { type: 'PasswordChanged', data: { user_id: 7, password_hash: 'scrypt$unknown', reason: 'account_reclaimed' } },
      { type: 'ApiKeyRevoked', data: { user_id: 7, key_id: 'k1', key_hash: 'a'.repeat(64), reason: 'account_reclaimed' } },
      { type: 'EmailVerified', data: { user_id: 7, via: 'oauth' } },
    ]);
  });

  it('given a pending change of address on an unverified account, cancels it with the reclaim', () => {
    expect(
      decideSocialSignIn(command, account({ ...registered, pendingChange: { email: 'mallory@example.com', expiresAt: '2026-01-02T10:00:00.000Z' } }, noKey)),
    ).toEqual([
      { type: 'PasswordChanged', data: { user_id: 7, password_hash: 'scrypt$unknown', reason: 'account_reclaimed' } },
      { type: 'EmailChangeCancelled', data: { user_id: 7, reason: 'account_reclaimed' } },
      { type: 'EmailVerified', data: { user_id: 7, via: 'oauth' } },
    ]);
  });

  it('given no API key, revokes none', () => {
    expect(decideSocialSignIn(command, account(registered, noKey)).map((event) => event.type)).toEqual(['PasswordChanged', 'EmailVerified']);
  });

  it('given a verified account, changes nothing: its owner proved the address to us as well', () => {
    expect(decideSocialSignIn(command, account({ ...registered, isVerified: true }, withKey))).toEqual([]);
  });

  it('given an admin or the super admin, verified or not, refuses: they sign in with their password', () => {
    for (const role of ['admin', 'super_admin'] as const) {
      for (const isVerified of [true, false]) {
        expect(() => decideSocialSignIn(command, account({ ...registered, role, isVerified }, withKey))).toThrow(ADMINS_USE_PASSWORD);
      }
    }
  });

  it('given no account, decides nothing', () => {
    expect(decideSocialSignIn(command, account(noUser, noKey))).toEqual([]);
  });
});

describe('decideSocialRegistration', () => {
  it('given no super admin yet, refuses: the first account becomes the administrator and registers with a password', () => {
    expect(() => decideSocialRegistration(initialSystem)).toThrow(FIRST_ACCOUNT_USES_PASSWORD);
  });

  it('given a super admin, lets the provider open a new (user) account', () => {
    expect(() => decideSocialRegistration({ ...initialSystem, superAdminId: 1 })).not.toThrow();
  });
});
