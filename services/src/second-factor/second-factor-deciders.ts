import type { DomainEvent, SecondFactorPurpose } from '@linkledger/contracts';
import type { Decider } from '../commands/command-handler.ts';
import { DomainError, conflict, forbidden } from '../commands/domain-error.ts';
import type { SecondFactorKeys } from './second-factor-keys.ts';
import { evolveSecondFactor, noSecondFactor, secondFactorStream, type SecondFactorState } from './second-factor-state.ts';
import { authenticatorCode, matchingStep } from './totp.ts';

/* Every decision about an account's second factor (docs/accounts.md#second-factor). */

export const WRONG_CODE = 'That code is not right. Enter the current 6-digit code from your authenticator app, or one of your recovery codes.';
export const CODE_ALREADY_USED = 'That code was already used. Wait for the next code in your authenticator app.';
export const NOT_ENABLED = 'Two-step verification is not turned on for this account.';
export const ALREADY_ENABLED = 'Two-step verification is already on. Turn it off first to set it up again.';
export const NOTHING_TO_CONFIRM = 'No set-up is waiting for a code. Start the set-up again.';
export const VERIFY_EMAIL_FIRST = 'Verify your e-mail address first: two-step verification can be set up once your address is confirmed.';

/** A code that proves nothing: counted by the guess throttle (a wrong code, or one used before). */
export class WrongSecondFactorCode extends DomainError {
  constructor(detail: string = WRONG_CODE) {
    super('invalid', detail);
  }
}

/** What every command that checks a code carries: the code as typed, the moment, and the keys to read the secret. */
export interface CodeCheck {
  userId: number;
  code: string;
  now: Date;
  keys: SecondFactorKeys;
}

/**
 * Given an account with a second factor, when a code is offered: the code of the current
 * step, or of one step either side, that is later than the last code accepted; or a recovery
 * code not used yet. Answers the event that spends it, so neither works twice.
 */
export function decideCodeUse(command: CodeCheck & { purpose: SecondFactorPurpose }, state: SecondFactorState): DomainEvent {
  if (!state.enabled) throw conflict(NOT_ENABLED);
  const code = authenticatorCode(command.code);
  if (code) {
    const step = matchingStep(command.keys.open(state.enabled.sealedSecret), code, command.now);
    if (step === null) throw new WrongSecondFactorCode();
    if (step <= state.lastUsedStep) throw new WrongSecondFactorCode(CODE_ALREADY_USED);
    return { type: 'SecondFactorCodeUsed', data: { user_id: command.userId, step, purpose: command.purpose } };
  }
  const hash = command.keys.hashRecoveryCode(command.userId, command.code);
  if (!state.enabled.recoveryHashes.includes(hash)) throw new WrongSecondFactorCode();
  return { type: 'SecondFactorRecoveryCodeUsed', data: { user_id: command.userId, code_hash: hash, purpose: command.purpose } };
}

const onAccount = <Command extends { userId: number }>(
  decide: (command: Command, state: SecondFactorState) => DomainEvent[],
): Decider<Command, SecondFactorState> => ({
  streamOf: (command) => secondFactorStream(command.userId),
  initialState: noSecondFactor,
  evolve: evolveSecondFactor,
  decide,
});

interface StartEnrolment {
  userId: number;
  /** The new secret, sealed before the cycle. */
  sealedSecret: string;
  emailVerified: boolean;
}

/** Set-up begins (or begins again with a new secret) while the factor is off, for an account whose address is proven. */
export function decideStartEnrolment(command: StartEnrolment, state: SecondFactorState): DomainEvent[] {
  if (state.enabled) throw conflict(ALREADY_ENABLED);
  if (!command.emailVerified) throw forbidden(VERIFY_EMAIL_FIRST);
  return [{ type: 'SecondFactorEnrolmentStarted', data: { user_id: command.userId, secret_encrypted: command.sealedSecret } }];
}

export const startEnrolmentDecider = onAccount(decideStartEnrolment);

interface ConfirmEnrolment extends CodeCheck {
  recoveryHashes: string[];
}

/** A current code of the waiting secret turns the factor on, with the new recovery codes' hashes. */
export function decideConfirmEnrolment(command: ConfirmEnrolment, state: SecondFactorState): DomainEvent[] {
  if (state.enabled) throw conflict(ALREADY_ENABLED);
  if (!state.pendingSecret) throw conflict(NOTHING_TO_CONFIRM);
  const code = authenticatorCode(command.code);
  const step = code === null ? null : matchingStep(command.keys.open(state.pendingSecret), code, command.now);
  if (step === null) throw new WrongSecondFactorCode('That code is not right. Enter the 6-digit code your authenticator app shows now.');
  return [{ type: 'SecondFactorEnabled', data: { user_id: command.userId, recovery_code_hashes: command.recoveryHashes, step } }];
}

export const confirmEnrolmentDecider = onAccount(decideConfirmEnrolment);

/** A code proves the owner for one purpose (a reset by link); spent at once. */
export const useCodeDecider = onAccount((command: CodeCheck & { purpose: SecondFactorPurpose }, state) => [decideCodeUse(command, state)]);

/** With the password checked before, a code turns the factor off: the secret and the recovery codes are forgotten. */
export function decideDisable(command: CodeCheck, state: SecondFactorState): DomainEvent[] {
  return [decideCodeUse({ ...command, purpose: 'disable' }, state), { type: 'SecondFactorDisabled', data: { user_id: command.userId } }];
}

export const disableDecider = onAccount(decideDisable);

/** A code replaces every recovery code with a new set. */
export function decideRegenerateRecoveryCodes(command: CodeCheck & { recoveryHashes: string[] }, state: SecondFactorState): DomainEvent[] {
  return [
    decideCodeUse({ ...command, purpose: 'recovery_codes' }, state),
    { type: 'SecondFactorRecoveryCodesRegenerated', data: { user_id: command.userId, recovery_code_hashes: command.recoveryHashes } },
  ];
}

export const regenerateRecoveryCodesDecider = onAccount(decideRegenerateRecoveryCodes);
