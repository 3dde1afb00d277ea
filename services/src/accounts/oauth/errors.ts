import { invalid } from '../../commands/domain-error.ts';

/**
 * Each detail starts with the login screen's error code (docs/accounts.md#login-error-codes), which the web app's
 * callback reads from the text, followed by the screen's own words for it.
 */
export const oauthError = {
  notConfigured: (provider: string) => invalid(`${provider} login is not configured. Please contact support, or sign in with your email and password.`),
  codeExpired: () => invalid('code_expired: Your login session has expired. Please try logging in again.'),
  codeUsed: () => invalid('code_used: This login link has already been used. Please try logging in again.'),
  authFailed: (why: string) => invalid(`auth_failed: Authentication failed (${why}). Please try logging in again.`),
  failed: (why: string) => invalid(`oauth_failed: OAuth authentication failed (${why}). Please try again.`),
};
