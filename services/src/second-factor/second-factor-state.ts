import type { DomainEvent } from '@linkledger/contracts';
import type { EventEnvelope } from '../commands/event-port.ts';

export const secondFactorStream = (userId: number) => `second-factor-${userId}`;

/** What the write side knows of one account's second factor, folded from `second-factor-{userId}`. */
export interface SecondFactorState {
  /** A set-up that waits for its first code: the sealed secret. */
  pendingSecret: string | null;
  enabled: {
    sealedSecret: string;
    since: string;
    /** Hashes of the recovery codes not used yet. */
    recoveryHashes: readonly string[];
  } | null;
  /** The last step whose code was accepted: that code, and every earlier one, is refused. */
  lastUsedStep: number;
}

export const noSecondFactor: SecondFactorState = { pendingSecret: null, enabled: null, lastUsedStep: -1 };

export function evolveSecondFactor(state: SecondFactorState, event: DomainEvent, envelope: EventEnvelope): SecondFactorState {
  switch (event.type) {
    case 'SecondFactorEnrolmentStarted':
      return { ...state, pendingSecret: event.data.secret_encrypted };
    case 'SecondFactorEnabled':
      return {
        pendingSecret: null,
        enabled: { sealedSecret: state.pendingSecret ?? '', since: envelope.metadata.at, recoveryHashes: event.data.recovery_code_hashes },
        lastUsedStep: event.data.step,
      };
    case 'SecondFactorCodeUsed':
      return { ...state, lastUsedStep: Math.max(state.lastUsedStep, event.data.step) };
    case 'SecondFactorRecoveryCodeUsed':
      return state.enabled
        ? { ...state, enabled: { ...state.enabled, recoveryHashes: state.enabled.recoveryHashes.filter((hash) => hash !== event.data.code_hash) } }
        : state;
    case 'SecondFactorRecoveryCodesRegenerated':
      return state.enabled ? { ...state, enabled: { ...state.enabled, recoveryHashes: event.data.recovery_code_hashes } } : state;
    case 'SecondFactorDisabled':
      return { ...state, pendingSecret: null, enabled: null };
    default:
      return state;
  }
}
