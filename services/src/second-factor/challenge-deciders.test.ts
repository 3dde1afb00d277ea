import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@linkledger/contracts';
import { ACCOUNT_SUSPENDED } from '../http/account-status.ts';
import { noUser, type UserState } from '../accounts/user-state.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { recorded } from '../testing/recorded.ts';
import { WrongSecondFactorCode, startEnrolmentDecider } from './second-factor-deciders.ts';
import { secondFactorKeys } from './second-factor-keys.ts';
import { noSecondFactor } from './second-factor-state.ts';
import { SIGN_IN_EXPIRED, decideChallengeAnswer, decideSignInStep } from './challenge-deciders.ts';
import { evolveChallenge, noChallenge, type ChallengeState } from './challenge-state.ts';
import { totpCode } from './totp.ts';
import { foldEvents } from '../commands/event-port.ts';

const keys = secondFactorKeys('test installation secret');
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
// recorded() stamps events at this moment.
const issuedAt = new Date('2026-11-22T00:00:00.000Z');
const now = new Date(issuedAt.getTime() + 60_000);
const user: UserState = { ...noUser, id: 7, email: 'ada@example.com', passwordHash: 'h', role: 'user' };
/** The account's second factor, folded as the command handler would. */
const secondFactor = deciderSpec(startEnrolmentDecider);
const factor = secondFactor.given([
  { type: 'SecondFactorEnrolmentStarted', data: { user_id: 7, secret_encrypted: keys.seal(SECRET) } },
  { type: 'SecondFactorEnabled', data: { user_id: 7, recovery_code_hashes: [keys.hashRecoveryCode(7, 'aaaaa-bbbbb')], step: 0 } },
]).state;

const issued = (userId = 7): ChallengeState =>
  foldEvents(
    recorded(decideSignInStep({ challenge: 'c', userId, via: 'password', now: issuedAt }, { challenge: noChallenge, factor }).challenge ?? []),
    evolveChallenge,
    noChallenge,
  );
const answer = (challenge: ChallengeState, overrides: { code?: string; at?: Date; account?: UserState } = {}) =>
  decideChallengeAnswer(
    { challenge: 'c', userId: 7, code: overrides.code ?? totpCode(SECRET, overrides.at ?? now), now: overrides.at ?? now, keys },
    { challenge, factor, user: overrides.account ?? user },
  );

describe('the sign-in challenge', () => {
  it('given the second factor on, when the first factor is proven, then a challenge for 5 minutes names the account and the way in', () => {
    expect(decideSignInStep({ challenge: 'c', userId: 7, via: 'google', now: issuedAt }, { challenge: noChallenge, factor })).toEqual({
      challenge: [{ type: 'SecondFactorChallengeIssued', data: { user_id: 7, via: 'google', expires_at: '2026-11-22T00:05:00.000Z' } }],
    });
  });

  it('given no second factor (or one only being set up), when the first factor is proven, then nothing is recorded: the token is due at once', () => {
    expect(decideSignInStep({ challenge: 'c', userId: 7, via: 'password', now: issuedAt }, { challenge: noChallenge, factor: noSecondFactor })).toEqual({});
    const pending = secondFactor.given([{ type: 'SecondFactorEnrolmentStarted', data: { user_id: 7, secret_encrypted: keys.seal(SECRET) } }]).state;
    expect(decideSignInStep({ challenge: 'c', userId: 7, via: 'password', now: issuedAt }, { challenge: noChallenge, factor: pending })).toEqual({});
  });

  it('given a live challenge, when a good code comes, then the challenge and the code are spent together', () => {
    const decided = answer(issued());
    expect(decided.challenge).toEqual([{ type: 'SecondFactorChallengeCompleted', data: { user_id: 7 } }]);
    expect(decided.factor).toEqual([{ type: 'SecondFactorCodeUsed', data: { user_id: 7, step: Math.floor(now.getTime() / 30_000), purpose: 'sign_in' } }]);
  });

  it('given a completed, expired, unknown or foreign challenge, then the sign-in has expired', () => {
    const completed = foldEvents(
      recorded([
        { type: 'SecondFactorChallengeIssued', data: { user_id: 7, via: 'password', expires_at: '2026-11-22T00:05:00.000Z' } },
        { type: 'SecondFactorChallengeCompleted', data: { user_id: 7 } },
      ] satisfies DomainEvent[]),
      evolveChallenge,
      noChallenge,
    );
    expect(() => answer(completed)).toThrow(SIGN_IN_EXPIRED);
    expect(() => answer(issued(), { at: new Date(issuedAt.getTime() + 5 * 60_000) })).toThrow(SIGN_IN_EXPIRED);
    expect(() => answer(noChallenge)).toThrow(SIGN_IN_EXPIRED);
    expect(() => answer(issued(8))).toThrow(SIGN_IN_EXPIRED);
  });

  it('given the password changed after the challenge, or the account was suspended, then no token follows', () => {
    expect(() => answer(issued(), { account: { ...user, passwordChangedAt: new Date(issuedAt.getTime() + 1000).toISOString() } })).toThrow(SIGN_IN_EXPIRED);
    expect(() => answer(issued(), { account: { ...user, status: 'suspended' } })).toThrow(ACCOUNT_SUSPENDED);
  });

  it('given a live challenge, when a wrong code comes, then it is a wrong code and the challenge stays usable', () => {
    expect(() => answer(issued(), { code: '000000' })).toThrow(WrongSecondFactorCode);
    expect(answer(issued(), { code: 'AAAAA-BBBBB' }).factor[0]).toMatchObject({ type: 'SecondFactorRecoveryCodeUsed' });
  });
});
