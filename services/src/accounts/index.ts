// The accounts feature as other features may use it: its only public face (docs/architecture.md#dependency-rules).
export { testMail } from './account-mail.ts';
export { issueEmailToken, tokenLink } from './account-owed-mail.ts';
export { BAD_TOKEN, bearerToken, checkToken, requireCaller } from './authenticate.ts';
export { refuseCommonPassword } from './common-passwords.ts';
export { MAIL_DELAYED, mailToOwe, type OwingDeps } from './email-flows.ts';
export { EMAIL_TOKEN_LIFETIME_MS, type EmailTokenState, emailTokenStream, evolveEmailToken, noEmailToken } from './email-tokens.ts';
export {
  CLIENT_SECRET_PURPOSE,
  type ConfigureMode,
  configureProviderDecider,
  evolveProvider,
  type ProviderSettings,
  providerSettingsOf,
  providerStream,
  removeProviderDecider,
  toggleProviderDecider,
} from './oauth/provider-config.ts';
export { providerName } from './oauth/provider-hosts.ts';
export { PROVIDERS } from './oauth/providers.ts';
export { hashPassword, verifyPassword } from './passwords.ts';
export { evolveAccountWithKey, noAccountWithKey } from './reclaim.ts';
export { emailStream, evolveEmailClaim, normalizeEmail } from './email-claim-state.ts';
export { decidePasswordReset } from './reset-password.ts';
export { loginThrottle, MailThrottle, whenAgain } from './throttles.ts';
export { issueToken, readToken } from './tokens.ts';
export { userResponse } from './user-response.ts';
export { evolveSystem, evolveUser, initialSystem, noUser, type SystemState, USER_NOT_FOUND, type UserState } from './user-state.ts';
export { evolveUsernameClaim, sameUsername, usernameStream, wantedUsernameFacts } from './username-claim.ts';
