import { ApiError } from '../../api/client.ts';

/*
 * The account screens' texts and the rules that pick them (docs/accounts.md). Pure functions,
 * so the choices can be tested without a browser.
 */

export const PASSWORD_MIN_LENGTH = 6;

/* --------------------------------------------------------------- login */

const LOGIN_RETURN_CODES = ['oauth_cancelled', 'no_code', 'code_expired', 'code_used', 'config_error', 'auth_failed', 'oauth_failed'] as const;
export type LoginReturnCode = (typeof LOGIN_RETURN_CODES)[number];

const LOGIN_RETURN_MESSAGES: Record<LoginReturnCode, string> = {
  oauth_cancelled: 'OAuth authentication was cancelled. Please try again.',
  no_code: 'No authorization code received. Please try logging in again.',
  code_expired: 'Your login session has expired. Please try logging in again.',
  code_used: 'This login link has already been used. Please try logging in again.',
  config_error: 'There is a configuration issue. Please contact support.',
  auth_failed: 'Authentication failed. Please try logging in again.',
  oauth_failed: 'OAuth authentication failed. Please try again.',
};

export const UNKNOWN_RETURN_MESSAGE = 'An error occurred during authentication. Please try again.';

const isReturnCode = (code: string): code is LoginReturnCode => (LOGIN_RETURN_CODES as readonly string[]).includes(code);

/** The login screen's message for the `error` query parameter it was sent back with. */
export function loginReturnMessage(code: string): string {
  return isReturnCode(code) ? LOGIN_RETURN_MESSAGES[code] : UNKNOWN_RETURN_MESSAGE;
}

export const LOGIN_WRONG_CREDENTIALS = 'Invalid email or password. Please try again.';
export const LOGIN_FAILED = 'Login failed. Please check your credentials and try again.';

/** 401 → wrong credentials; otherwise the server's detail; otherwise the generic text. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return LOGIN_WRONG_CREDENTIALS;
    if (error.detail) return error.detail;
  }
  return LOGIN_FAILED;
}

export const SOCIAL_LOGIN_FAILED = 'Social login failed. Please try again.';

/* ------------------------------------------------------------ callback */

const KEYWORDS: readonly [RegExp, LoginReturnCode][] = [
  [/not configured|unsupported provider|configuration/i, 'config_error'],
  [/cancel|access_denied/i, 'oauth_cancelled'],
  [/no authori[sz]ation code/i, 'no_code'],
  [/expired/i, 'code_expired'],
  [/already been used|already used/i, 'code_used'],
  [/authentication failed/i, 'auth_failed'],
];

/**
 * The login screen's error code for a failed social sign-in, chosen from the server's text.
 * The server's details name their code ("code_used: This login link…"); older or foreign
 * texts are matched on their words; anything else is oauth_failed.
 */
export function callbackErrorCode(detail: string | null | undefined): LoginReturnCode {
  if (!detail) return 'oauth_failed';
  const named = detail.match(new RegExp(`(?:^|[^a-z_])(${LOGIN_RETURN_CODES.join('|')})(?![a-z_])`));
  if (named?.[1] && isReturnCode(named[1])) return named[1];
  for (const [pattern, code] of KEYWORDS) if (pattern.test(detail)) return code;
  return 'oauth_failed';
}

/** The code for a provider's own `error` parameter on the return leg. */
export function providerErrorCode(error: string): LoginReturnCode {
  return error === 'access_denied' ? 'oauth_cancelled' : 'oauth_failed';
}

/* ------------------------------------------------------------ register */

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters long';
export const INVALID_EMAIL = 'Please enter a valid email address';
export const REGISTRATION_FAILED = 'Registration failed. Please try again.';

export type RegisterField = 'email' | 'password' | 'confirmPassword' | 'terms';

interface RegisterInput {
  email: string;
  password: string;
  confirmPassword: string;
  terms: boolean;
}

export interface FieldProblem<F extends string> {
  field: F;
  message: string;
}

/**
 * The first problem with the register form, in the order of docs/accounts.md#registration: required fields, then
 * matching passwords, the password's length and the at-sign, then the terms.
 */
export function registerProblem(input: RegisterInput): FieldProblem<RegisterField> | null {
  if (!input.email.trim()) return { field: 'email', message: 'Please enter your email address.' };
  if (!input.password) return { field: 'password', message: 'Please enter a password.' };
  if (!input.confirmPassword) return { field: 'confirmPassword', message: 'Please confirm your password.' };
  if (input.password !== input.confirmPassword) return { field: 'confirmPassword', message: PASSWORDS_DO_NOT_MATCH };
  if (input.password.length < PASSWORD_MIN_LENGTH) return { field: 'password', message: PASSWORD_TOO_SHORT };
  if (!input.email.includes('@')) return { field: 'email', message: INVALID_EMAIL };
  if (!input.terms) return { field: 'terms', message: 'Please accept the Terms of Service and Privacy Policy.' };
  return null;
}

/* --------------------------------------------------------------- reset */

export const RESET_TOKEN_MISSING = 'Invalid reset link. Token is missing.';
export const RESET_FAILED = 'Password reset failed. Please try again.';
/** The link could not be checked at all (no answer): nothing is known about it yet. */
export const RESET_CHECK_FAILED = 'We could not check your reset link. Please check your connection and open the link again.';
export const RESET_DONE = 'Password reset successfully!';
export const RESET_REDIRECT_MS = 3000;

/** Both fields are required (the form enforces it); match is checked before length. */
export function resetProblem(password: string, confirmPassword: string): FieldProblem<'password' | 'confirmPassword'> | null {
  if (!password) return { field: 'password', message: 'Please enter a new password.' };
  if (!confirmPassword) return { field: 'confirmPassword', message: 'Please confirm your new password.' };
  if (password !== confirmPassword) return { field: 'confirmPassword', message: PASSWORDS_DO_NOT_MATCH };
  if (password.length < PASSWORD_MIN_LENGTH) return { field: 'password', message: PASSWORD_TOO_SHORT };
  return null;
}

/* ---------------------------------------------------------- forgot */

export const RESET_MAIL_SENT = 'Password reset email sent! Check your inbox and spam folder.';
export const RESET_MAIL_FAILED = 'Failed to send reset email. Please try again.';

/* ------------------------------------------------------ verification */

export const VERIFICATION_TOKEN_MISSING = 'Invalid verification link. Token is missing.';
export const VERIFICATION_EXPIRED = 'Verification link has expired. Please request a new verification email from your dashboard.';
export const VERIFICATION_INVALID = 'Invalid verification link. Please check your email and try again.';
export const VERIFICATION_FAILED = 'Email verification failed. Please try again.';
export const VERIFIED_REDIRECT_MS = 3000;
export const ALREADY_VERIFIED_REDIRECT_MS = 2000;

/** Expired, invalid or any other failure, read from the server's detail. */
export function verificationErrorMessage(error: unknown): string {
  const detail = error instanceof ApiError ? error.detail : null;
  if (!detail) return VERIFICATION_FAILED;
  if (/token is missing/i.test(detail)) return VERIFICATION_TOKEN_MISSING;
  if (/expired/i.test(detail)) return VERIFICATION_EXPIRED;
  if (/invalid/i.test(detail)) return VERIFICATION_INVALID;
  return VERIFICATION_FAILED;
}

/* ------------------------------------------------------- second factor */

export const SECOND_FACTOR_CODE_MISSING = 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.';
export const SECOND_FACTOR_FAILED = 'Verification failed. Please try again.';

/**
 * Whether a refused reset is about its second-factor code (a wrong or used code, too many
 * tries), so the form stays for another code, rather than about the link itself.
 */
export function isCodeRefusal(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 429 || (error.status === 400 && /\bcodes?\b/i.test(error.detail ?? '')));
}
