import { z } from 'zod';
import { OAuthProvider } from './accounts.ts';

/*
 * The second factor (docs/accounts.md#second-factor): a TOTP authenticator with recovery
 * codes. An account's events are on `second-factor-{userId}`; a sign-in waiting for its
 * code is on `second-factor-challenge-{sha256 of the challenge}`, so the challenge itself
 * is stored nowhere.
 */

const userId = z.number().int().positive();
const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);
/** A TOTP time step: seconds since the epoch divided by the period. */
const step = z.number().int().nonnegative();

/** What a code proved: signing in, a reset by link, turning the factor off, new recovery codes. */
export const SecondFactorPurpose = z.enum(['sign_in', 'password_reset', 'disable', 'recovery_codes']);
export type SecondFactorPurpose = z.infer<typeof SecondFactorPurpose>;

/** Set-up began: a new secret, AES-256-GCM under a key from the installation secret; not in force until confirmed. */
const SecondFactorEnrolmentStartedV1 = z.object({
  user_id: userId,
  secret_encrypted: z.string(),
});

/** The owner entered a current code: sign-in and resets now ask for one. Recovery codes are kept as keyed hashes only. */
const SecondFactorEnabledV1 = z.object({
  user_id: userId,
  recovery_code_hashes: z.array(sha256Hex).min(1).max(20),
  /** The step the confirming code belonged to: it cannot be used again. */
  step,
});

/** An authenticator code was accepted; no code of this step or earlier works again. */
const SecondFactorCodeUsedV1 = z.object({
  user_id: userId,
  step,
  purpose: SecondFactorPurpose,
});

/** A recovery code was spent (each works once). */
const SecondFactorRecoveryCodeUsedV1 = z.object({
  user_id: userId,
  code_hash: sha256Hex,
  purpose: SecondFactorPurpose,
});

/** A new set of recovery codes replaced every earlier one. */
const SecondFactorRecoveryCodesRegeneratedV1 = z.object({
  user_id: userId,
  recovery_code_hashes: z.array(sha256Hex).min(1).max(20),
});

/** The owner turned the second factor off (with the password and a code); the secret is forgotten. */
const SecondFactorDisabledV1 = z.object({
  user_id: userId,
});

/** A correct password (or a provider's word) for an account with a second factor: the sign-in waits for a code. */
const SecondFactorChallengeIssuedV1 = z.object({
  user_id: userId,
  /** How the first factor was given. */
  via: z.union([z.literal('password'), OAuthProvider]),
  expires_at: z.string(),
});

/** The challenge was answered with a good code and a session was issued; it never works again. */
const SecondFactorChallengeCompletedV1 = z.object({
  user_id: userId,
});

export const secondFactorEvents = {
  SecondFactorEnrolmentStarted: { 1: SecondFactorEnrolmentStartedV1 },
  SecondFactorEnabled: { 1: SecondFactorEnabledV1 },
  SecondFactorCodeUsed: { 1: SecondFactorCodeUsedV1 },
  SecondFactorRecoveryCodeUsed: { 1: SecondFactorRecoveryCodeUsedV1 },
  SecondFactorRecoveryCodesRegenerated: { 1: SecondFactorRecoveryCodesRegeneratedV1 },
  SecondFactorDisabled: { 1: SecondFactorDisabledV1 },
  SecondFactorChallengeIssued: { 1: SecondFactorChallengeIssuedV1 },
  SecondFactorChallengeCompleted: { 1: SecondFactorChallengeCompletedV1 },
} as const;
