import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@linkledger/contracts';
import { deciderSpec } from '../testing/decider-spec.ts';
import {
  ALREADY_ENABLED,
  CODE_ALREADY_USED,
  NOTHING_TO_CONFIRM,
  NOT_ENABLED,
  VERIFY_EMAIL_FIRST,
  WRONG_CODE,
  WrongSecondFactorCode,
  decideCodeUse,
  decideConfirmEnrolment,
  decideDisable,
  decideRegenerateRecoveryCodes,
  decideStartEnrolment,
  startEnrolmentDecider,
} from './second-factor-deciders.ts';
import { secondFactorKeys } from './second-factor-keys.ts';
import { noSecondFactor, type SecondFactorState } from './second-factor-state.ts';
import { stepAt, totpCode } from './totp.ts';

const keys = secondFactorKeys('test installation secret');
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const now = new Date('2026-11-27T10:00:10Z');
const step = stepAt(now);
const seconds = (n: number) => new Date(now.getTime() + n * 1000);
const hashes = ['aaaaa-bbbbb', 'ccccc-ddddd'].map((code) => keys.hashRecoveryCode(7, code));

const account = deciderSpec(startEnrolmentDecider);
const started: DomainEvent = { type: 'SecondFactorEnrolmentStarted', data: { user_id: 7, secret_encrypted: keys.seal(SECRET) } };
const enabledAt = (usedStep: number): DomainEvent => ({ type: 'SecondFactorEnabled', data: { user_id: 7, recovery_code_hashes: hashes, step: usedStep } });
const enabled = () => account.given([started, enabledAt(step - 10)]).state;

describe('starting and confirming the set-up', () => {
  it('given no second factor, when a proven address starts, then the sealed secret waits for its first code', () => {
    expect(decideStartEnrolment({ userId: 7, sealedSecret: 'sealed', emailVerified: true }, noSecondFactor)).toEqual([
      { type: 'SecondFactorEnrolmentStarted', data: { user_id: 7, secret_encrypted: 'sealed' } },
    ]);
  });

  it('given an unproven address, or a factor already on, then set-up is refused', () => {
    expect(() => decideStartEnrolment({ userId: 7, sealedSecret: 's', emailVerified: false }, noSecondFactor)).toThrow(VERIFY_EMAIL_FIRST);
    expect(() => decideStartEnrolment({ userId: 7, sealedSecret: 's', emailVerified: true }, enabled())).toThrow(ALREADY_ENABLED);
  });

  it('given a waiting secret, when its current code comes, then the factor is on with the recovery hashes and that step spent', () => {
    const decided = decideConfirmEnrolment({ userId: 7, code: totpCode(SECRET, now), now, keys, recoveryHashes: hashes }, account.given([started]).state);
    expect(decided).toEqual([{ type: 'SecondFactorEnabled', data: { user_id: 7, recovery_code_hashes: hashes, step } }]);
    const state = account.given([started, ...decided]).state;
    expect(state.enabled?.recoveryHashes).toEqual(hashes);
    expect(state.lastUsedStep).toBe(step);
    expect(state.pendingSecret).toBeNull();
  });

  it('given a waiting secret, when a wrong or old code comes, then it is a wrong code; with nothing waiting, a conflict', () => {
    expect(() => decideConfirmEnrolment({ userId: 7, code: '000000', now, keys, recoveryHashes: hashes }, account.given([started]).state)).toThrow(
      WrongSecondFactorCode,
    );
    expect(() =>
      decideConfirmEnrolment({ userId: 7, code: totpCode(SECRET, seconds(-120)), now, keys, recoveryHashes: hashes }, account.given([started]).state),
    ).toThrow(WrongSecondFactorCode);
    expect(() => decideConfirmEnrolment({ userId: 7, code: totpCode(SECRET, now), now, keys, recoveryHashes: hashes }, noSecondFactor)).toThrow(
      NOTHING_TO_CONFIRM,
    );
  });

  it('given a second start, then only the newest secret confirms', () => {
    const other = 'KRUGS4ZANFZSAYJAORSXG5BAONSWG4TF';
    const restarted = account.given([started, { type: 'SecondFactorEnrolmentStarted', data: { user_id: 7, secret_encrypted: keys.seal(other) } }]).state;
    expect(() => decideConfirmEnrolment({ userId: 7, code: totpCode(SECRET, now), now, keys, recoveryHashes: hashes }, restarted)).toThrow(
      WrongSecondFactorCode,
    );
    expect(decideConfirmEnrolment({ userId: 7, code: totpCode(other, now), now, keys, recoveryHashes: hashes }, restarted)).toHaveLength(1);
  });
});

describe('using a code', () => {
  const use = (code: string, state: SecondFactorState, at = now) => decideCodeUse({ userId: 7, code, now: at, keys, purpose: 'sign_in' }, state);

  it('given the factor on, when the current code or one a step either side comes, then that step is spent', () => {
    for (const offset of [-30, 0, 30]) {
      expect(use(totpCode(SECRET, seconds(offset)), enabled())).toEqual({
        type: 'SecondFactorCodeUsed',
        data: { user_id: 7, step: step + offset / 30, purpose: 'sign_in' },
      });
    }
    // Typed with a space, as apps show it.
    const code = totpCode(SECRET, now);
    expect(use(`${code.slice(0, 3)} ${code.slice(3)}`, enabled())).toMatchObject({ type: 'SecondFactorCodeUsed' });
  });

  it('given the factor on, when a code two steps away comes, then it is wrong', () => {
    expect(() => use(totpCode(SECRET, seconds(-60)), enabled())).toThrow(WRONG_CODE);
    expect(() => use(totpCode(SECRET, seconds(60)), enabled())).toThrow(WRONG_CODE);
  });

  it("given a code was used, when it (or an earlier step's code) comes again, then it is refused as used", () => {
    const code = totpCode(SECRET, now);
    const after = account.given([started, enabledAt(step - 10), use(code, enabled())]).state;
    expect(() => use(code, after)).toThrow(CODE_ALREADY_USED);
    expect(() => use(totpCode(SECRET, seconds(-30)), after)).toThrow(CODE_ALREADY_USED);
    // The next step's code still works.
    expect(use(totpCode(SECRET, seconds(30)), after)).toMatchObject({ data: { step: step + 1 } });
  });

  it('given the code that confirmed the set-up, when it is offered at sign-in, then it is refused as used', () => {
    expect(() => use(totpCode(SECRET, now), account.given([started, enabledAt(step)]).state)).toThrow(CODE_ALREADY_USED);
  });

  it('given the factor on, when a recovery code comes in any case or spacing, then it is spent, once', () => {
    const decided = use(' AAAAA BBBBB ', enabled());
    expect(decided).toEqual({ type: 'SecondFactorRecoveryCodeUsed', data: { user_id: 7, code_hash: hashes[0], purpose: 'sign_in' } });
    const after = account.given([started, enabledAt(step - 10), decided]).state;
    expect(after.enabled?.recoveryHashes).toEqual([hashes[1]]);
    expect(() => use('aaaaa-bbbbb', after)).toThrow(WRONG_CODE);
    expect(use('ccccc-ddddd', after)).toMatchObject({ type: 'SecondFactorRecoveryCodeUsed' });
  });

  it("given another account's recovery code, then it is wrong (hashes are bound to the account)", () => {
    const other = keys.hashRecoveryCode(8, 'eeeee-fffff');
    const state = account.given([started, { type: 'SecondFactorEnabled', data: { user_id: 7, recovery_code_hashes: [other], step: 0 } }]).state;
    expect(() => use('eeeee-fffff', state)).toThrow(WrongSecondFactorCode);
  });

  it('given no second factor, then no code is accepted', () => {
    expect(() => use(totpCode(SECRET, now), noSecondFactor)).toThrow(NOT_ENABLED);
    expect(() => use(totpCode(SECRET, now), account.given([started]).state)).toThrow(NOT_ENABLED);
  });
});

describe('turning off and new recovery codes', () => {
  it('given the factor on, when a good code comes with the password checked, then the code is spent and the factor is off', () => {
    const decided = decideDisable({ userId: 7, code: 'ccccc-ddddd', now, keys }, enabled());
    expect(decided).toEqual([
      { type: 'SecondFactorRecoveryCodeUsed', data: { user_id: 7, code_hash: hashes[1], purpose: 'disable' } },
      { type: 'SecondFactorDisabled', data: { user_id: 7 } },
    ]);
    const off = account.given([started, enabledAt(step - 10), ...decided]).state;
    expect(off.enabled).toBeNull();
    expect(() => decideCodeUse({ userId: 7, code: totpCode(SECRET, now), now, keys, purpose: 'sign_in' }, off)).toThrow(NOT_ENABLED);
  });

  it('given the factor on, when a wrong code comes, then nothing is turned off', () => {
    expect(() => decideDisable({ userId: 7, code: '123456', now, keys }, enabled())).toThrow(WrongSecondFactorCode);
  });

  it('given the factor on, when a good code comes, then every recovery code is replaced', () => {
    const fresh = [keys.hashRecoveryCode(7, 'ggggg-hhhhh')];
    const decided = decideRegenerateRecoveryCodes({ userId: 7, code: totpCode(SECRET, now), now, keys, recoveryHashes: fresh }, enabled());
    expect(decided).toEqual([
      { type: 'SecondFactorCodeUsed', data: { user_id: 7, step, purpose: 'recovery_codes' } },
      { type: 'SecondFactorRecoveryCodesRegenerated', data: { user_id: 7, recovery_code_hashes: fresh } },
    ]);
    const after = account.given([started, enabledAt(step - 10), ...decided]).state;
    expect(after.enabled?.recoveryHashes).toEqual(fresh);
    expect(() => decideCodeUse({ userId: 7, code: 'aaaaa-bbbbb', now: seconds(30), keys, purpose: 'sign_in' }, after)).toThrow(WRONG_CODE);
  });
});
