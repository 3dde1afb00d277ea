import { describe, expect, it } from 'vitest';
import type { ApiKeyState } from '../../api-keys/decide.ts';
import { noUser, type UserState } from '../user-state.ts';
import { decideSocialSignIn } from './decide-social-sign-in.ts';

const command = { userId: 7, provider: 'google' as const, unknownPasswordHash: 'scrypt$unknown' };
const registered: UserState = { ...noUser, id: 7, email: 'ada@example.com', passwordHash: 'scrypt$registrant' };
const withKey: ApiKeyState = { userId: 7, current: { keyId: 'k1', keyHash: 'a'.repeat(64), keyEncrypted: 'v1.x' } };
const noKey: ApiKeyState = { userId: 7, current: null };

describe('decideSocialSignIn', () => {
  it('given an account whose address was never verified, replaces its password, revokes its key and verifies the address', () => {
    expect(decideSocialSignIn(command, registered, withKey)).toEqual([
      { type: 'PasswordChanged', data: { user_id: 7, password_hash: 'scrypt$unknown', reason: 'account_reclaimed' } },
      { type: 'ApiKeyRevoked', data: { user_id: 7, key_id: 'k1', key_hash: 'a'.repeat(64), reason: 'account_reclaimed' } },
      { type: 'EmailVerified', data: { user_id: 7, via: 'oauth' } },
    ]);
  });

  it('given no API key, revokes none', () => {
    expect(decideSocialSignIn(command, registered, noKey).map((event) => event.type)).toEqual(['PasswordChanged', 'EmailVerified']);
  });

  it('given a verified account, changes nothing: its owner proved the address to us as well', () => {
    expect(decideSocialSignIn(command, { ...registered, isVerified: true }, withKey)).toEqual([]);
  });

  it('given no account, decides nothing', () => {
    expect(decideSocialSignIn(command, noUser, noKey)).toEqual([]);
  });
});
