import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import {
  INVALID_EMAIL,
  isCodeRefusal,
  LOGIN_FAILED,
  LOGIN_WRONG_CREDENTIALS,
  PASSWORDS_DO_NOT_MATCH,
  PASSWORD_TOO_SHORT,
  UNKNOWN_RETURN_MESSAGE,
  VERIFICATION_EXPIRED,
  VERIFICATION_FAILED,
  VERIFICATION_INVALID,
  VERIFICATION_TOKEN_MISSING,
  callbackErrorCode,
  loginErrorMessage,
  loginReturnMessage,
  providerErrorCode,
  registerProblem,
  resetProblem,
  verificationErrorMessage,
} from './auth-messages.ts';

describe('login return messages', () => {
  it('has the screen’s text for every code', () => {
    expect(loginReturnMessage('oauth_cancelled')).toBe('OAuth authentication was cancelled. Please try again.');
    expect(loginReturnMessage('no_code')).toBe('No authorization code received. Please try logging in again.');
    expect(loginReturnMessage('code_expired')).toBe('Your login session has expired. Please try logging in again.');
    expect(loginReturnMessage('code_used')).toBe('This login link has already been used. Please try logging in again.');
    expect(loginReturnMessage('config_error')).toBe('There is a configuration issue. Please contact support.');
    expect(loginReturnMessage('auth_failed')).toBe('Authentication failed. Please try logging in again.');
    expect(loginReturnMessage('oauth_failed')).toBe('OAuth authentication failed. Please try again.');
  });

  it('has one text for any other code', () => {
    expect(loginReturnMessage('something_else')).toBe(UNKNOWN_RETURN_MESSAGE);
    expect(loginReturnMessage('')).toBe('An error occurred during authentication. Please try again.');
    expect(loginReturnMessage('toString')).toBe(UNKNOWN_RETURN_MESSAGE);
  });
});

describe('login failures', () => {
  it('reads 401 as wrong credentials, whatever the detail', () => {
    expect(loginErrorMessage(new ApiError(401, 'Incorrect email or password'))).toBe(LOGIN_WRONG_CREDENTIALS);
    expect(LOGIN_WRONG_CREDENTIALS).toBe('Invalid email or password. Please try again.');
  });

  it('shows the server detail otherwise, else the generic text', () => {
    expect(loginErrorMessage(new ApiError(429, 'Too many failed sign-in attempts.'))).toBe('Too many failed sign-in attempts.');
    expect(loginErrorMessage(new ApiError(500, null))).toBe(LOGIN_FAILED);
    expect(loginErrorMessage(new TypeError('Failed to fetch'))).toBe('Login failed. Please check your credentials and try again.');
  });
});

describe('social callback error codes', () => {
  it('takes the code the server names at the start of its detail', () => {
    expect(callbackErrorCode('code_expired: Your login session has expired. Please try logging in again.')).toBe('code_expired');
    expect(callbackErrorCode('code_used: This login link has already been used. Please try logging in again.')).toBe('code_used');
    expect(callbackErrorCode('auth_failed: Authentication failed (the sign-in took too long). Please try logging in again.')).toBe('auth_failed');
    expect(callbackErrorCode("oauth_failed: OAuth authentication failed (the provider's token endpoint could not be reached). Please try again.")).toBe(
      'oauth_failed',
    );
  });

  it('finds a code after a field name (validation details)', () => {
    expect(callbackErrorCode('code: no_code: No authorization code received.')).toBe('no_code');
  });

  it('reads configuration problems from their words', () => {
    expect(callbackErrorCode('google login is not configured. Please contact support, or sign in with your email and password.')).toBe('config_error');
    expect(callbackErrorCode('Unsupported provider: myspace')).toBe('config_error');
  });

  it('falls back on keywords, then oauth_failed', () => {
    expect(callbackErrorCode('The code has expired')).toBe('code_expired');
    expect(callbackErrorCode('That code was already used')).toBe('code_used');
    expect(callbackErrorCode('Sign-in was cancelled')).toBe('oauth_cancelled');
    expect(callbackErrorCode('Something went wrong on our side.')).toBe('oauth_failed');
    expect(callbackErrorCode(null)).toBe('oauth_failed');
    expect(callbackErrorCode('')).toBe('oauth_failed');
  });

  it('does not mistake a longer word for a code', () => {
    expect(callbackErrorCode('xcode_used_up happened')).toBe('oauth_failed');
  });

  it('maps the provider’s own error parameter', () => {
    expect(providerErrorCode('access_denied')).toBe('oauth_cancelled');
    expect(providerErrorCode('server_error')).toBe('oauth_failed');
  });
});

describe('register validation', () => {
  const valid = { email: 'ana@example.com', password: 'secret123', confirmPassword: 'secret123', terms: true };

  it('accepts a complete form', () => {
    expect(registerProblem(valid)).toBeNull();
  });

  it('checks matching passwords first, then length, then the at-sign', () => {
    expect(registerProblem({ ...valid, email: 'nope', password: 'abc', confirmPassword: 'abd' })).toEqual({
      field: 'confirmPassword',
      message: PASSWORDS_DO_NOT_MATCH,
    });
    expect(registerProblem({ ...valid, email: 'nope', password: 'abc', confirmPassword: 'abc' })).toEqual({ field: 'password', message: PASSWORD_TOO_SHORT });
    expect(registerProblem({ ...valid, email: 'nope' })).toEqual({ field: 'email', message: INVALID_EMAIL });
    expect([PASSWORDS_DO_NOT_MATCH, PASSWORD_TOO_SHORT, INVALID_EMAIL]).toEqual([
      'Passwords do not match',
      'Password must be at least 6 characters long',
      'Please enter a valid email address',
    ]);
  });

  it('requires the email, the passwords and the terms', () => {
    expect(registerProblem({ ...valid, email: '  ' })?.field).toBe('email');
    expect(registerProblem({ ...valid, password: '' })?.field).toBe('password');
    expect(registerProblem({ ...valid, confirmPassword: '' })?.field).toBe('confirmPassword');
    expect(registerProblem({ ...valid, terms: false })?.field).toBe('terms');
  });

  it('takes exactly 6 characters as long enough', () => {
    expect(registerProblem({ ...valid, password: '123456', confirmPassword: '123456' })).toBeNull();
    expect(registerProblem({ ...valid, password: '12345', confirmPassword: '12345' })?.message).toBe(PASSWORD_TOO_SHORT);
  });
});

describe('reset validation', () => {
  it('checks the match before the length', () => {
    expect(resetProblem('abc', 'abd')?.message).toBe(PASSWORDS_DO_NOT_MATCH);
    expect(resetProblem('abc', 'abc')?.message).toBe(PASSWORD_TOO_SHORT);
    expect(resetProblem('secret1', 'secret1')).toBeNull();
    expect(resetProblem('', 'x')?.field).toBe('password');
    expect(resetProblem('x', '')?.field).toBe('confirmPassword');
  });
});

describe('verification errors', () => {
  it('maps the server’s details to the screen’s texts', () => {
    expect(verificationErrorMessage(new ApiError(400, 'Verification link has expired. Please request a new verification email from your dashboard.'))).toBe(
      VERIFICATION_EXPIRED,
    );
    expect(verificationErrorMessage(new ApiError(400, 'Invalid verification link. Please check your email and try again.'))).toBe(VERIFICATION_INVALID);
    expect(verificationErrorMessage(new ApiError(400, 'Invalid verification link. Token is missing.'))).toBe(VERIFICATION_TOKEN_MISSING);
    expect(verificationErrorMessage(new ApiError(503, 'Something went wrong on our side. Please try again in a moment.'))).toBe(VERIFICATION_FAILED);
    expect(verificationErrorMessage(new ApiError(500, null))).toBe('Email verification failed. Please try again.');
    expect(verificationErrorMessage(new TypeError('Failed to fetch'))).toBe(VERIFICATION_FAILED);
  });
});

describe('agreement with the server’s own texts', () => {
  it('maps every detail the server sends', async () => {
    const contracts = await import('../../../../contracts/src/http/accounts.ts');
    const { oauthError } = await import('../../../../services/src/accounts/oauth/errors.ts');
    const { unsupportedProvider } = await import('../../../../services/src/accounts/oauth/providers.ts');
    // (email-link-deciders.ts's own texts are the screen's, checked above; importing it here would
    // bring the server's Node-only modules into the web type-check.)
    expect(verificationErrorMessage(new ApiError(400, contracts.VERIFICATION_TOKEN_MISSING))).toBe(VERIFICATION_TOKEN_MISSING);
    expect(callbackErrorCode(oauthError.notConfigured('google').detail)).toBe('config_error');
    expect(callbackErrorCode(oauthError.codeExpired().detail)).toBe('code_expired');
    expect(callbackErrorCode(oauthError.codeUsed().detail)).toBe('code_used');
    expect(callbackErrorCode(oauthError.authFailed('the sign-in state is missing').detail)).toBe('auth_failed');
    expect(callbackErrorCode(oauthError.failed("your google account's e-mail address is not verified there").detail)).toBe('oauth_failed');
    expect(callbackErrorCode(unsupportedProvider('myspace').detail)).toBe('config_error');
  });
});

describe('isCodeRefusal (the reset form with a second-factor code)', () => {
  it('keeps the form for a wrong or used code and for too many tries, not for a dead link or a short password', () => {
    expect(
      isCodeRefusal(new ApiError(400, 'That code is not right. Enter the current 6-digit code from your authenticator app, or one of your recovery codes.')),
    ).toBe(true);
    expect(isCodeRefusal(new ApiError(400, 'That code was already used. Wait for the next code in your authenticator app.'))).toBe(true);
    expect(isCodeRefusal(new ApiError(429, 'Too many wrong codes. Please try again in 15 minutes.'))).toBe(true);
    expect(isCodeRefusal(new ApiError(400, 'This reset link is invalid or has already been used. Please request a new reset link.'))).toBe(false);
    expect(isCodeRefusal(new ApiError(400, 'Password must be at least 6 characters long'))).toBe(false);
    expect(isCodeRefusal(new Error('offline'))).toBe(false);
  });
});
