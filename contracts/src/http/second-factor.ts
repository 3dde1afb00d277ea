import { z } from 'zod';
import { TokenResponse } from './accounts.ts';

/* The second factor's HTTP bodies (docs/accounts.md#second-factor). Unknown fields are refused. */

const SECOND_FACTOR_CODE_REQUIRED = 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.';

/** A 6-digit authenticator code or a recovery code; spaces and dashes as typed are allowed. */
const SecondFactorCode = z.string({ message: SECOND_FACTOR_CODE_REQUIRED }).trim().min(1, SECOND_FACTOR_CODE_REQUIRED).max(64, SECOND_FACTOR_CODE_REQUIRED);

const currentPassword = z.string({ message: 'Current password is required' }).min(1, 'Current password is required').max(1024);

export const SecondFactorStatusResponse = z.object({
  enabled: z.boolean(),
  /** When it was turned on, or null. */
  enabled_at: z.string().nullable(),
  /** Unused recovery codes left (0 while off). */
  recovery_codes_left: z.number().int().nonnegative(),
  /** Set-up can begin only once the e-mail address is verified. */
  email_verified: z.boolean(),
});
export type SecondFactorStatusResponse = z.infer<typeof SecondFactorStatusResponse>;

export const StartSecondFactorBody = z.strictObject({ current_password: currentPassword });

/** The only answer that ever carries the secret: for the authenticator app, as text, URI and QR code. */
export const StartSecondFactorResponse = z.object({
  secret: z.string(),
  otpauth_uri: z.string(),
  /** The otpauth URI as a PNG data URL. */
  qr_code: z.string(),
});
export type StartSecondFactorResponse = z.infer<typeof StartSecondFactorResponse>;

export const ConfirmSecondFactorBody = z.strictObject({ code: SecondFactorCode });

/** Shown once: the codes themselves are never stored, only their hashes. */
export const RecoveryCodesResponse = z.object({ message: z.string(), recovery_codes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof RecoveryCodesResponse>;

export const RegenerateRecoveryCodesBody = z.strictObject({ code: SecondFactorCode });

export const DisableSecondFactorBody = z.strictObject({ current_password: currentPassword, code: SecondFactorCode });

/** The answer to a correct first factor of an account with a second factor: no token yet. */
const SecondFactorRequiredResponse = z.object({
  second_factor_required: z.literal(true),
  /** Single-use, for POST /api/token/second-factor only, valid for `expires_in` seconds. */
  challenge: z.string(),
  expires_in: z.number().int().positive(),
});
type SecondFactorRequiredResponse = z.infer<typeof SecondFactorRequiredResponse>;

/** What a sign-in (password or social) answers: a token, or the request for a code. */
export const SignInResponse = z.union([TokenResponse, SecondFactorRequiredResponse]);
export type SignInResponse = z.infer<typeof SignInResponse>;

export const SecondFactorSignInBody = z.strictObject({
  challenge: z.string({ message: 'Your sign-in has expired. Please sign in again.' }).min(1).max(256),
  code: SecondFactorCode,
});

export const ResetSecondFactorQueryBody = z.strictObject({ token: z.string().max(512) });
export const ResetSecondFactorQueryResponse = z.object({ second_factor_required: z.boolean() });
