import { z } from 'zod';

export const Role = z.enum(['user', 'admin', 'super_admin']);
export type Role = z.infer<typeof Role>;

export const UserStatus = z.enum(['active', 'suspended', 'banned']);
export type UserStatus = z.infer<typeof UserStatus>;

const userId = z.number().int().positive();

const UserRegisteredV1 = z.object({
  user_id: userId,
  email: z.string(),
  /** scrypt hash in PHC-like form; never the password itself. */
  password_hash: z.string(),
  role: Role,
  /** Given at registration (optional; absent on accounts registered before it could be). */
  full_name: z.string().optional(),
});
export type UserRegistered = z.infer<typeof UserRegisteredV1>;

/** The owner proved the address is theirs: a verification link, or a provider that vouched for it. */
const EmailVerifiedV1 = z.object({
  user_id: userId,
  via: z.enum(['email_link', 'oauth']),
});

/**
 * A new password hash; tokens issued before it stop working. `account_reclaimed`: a social
 * sign-in proved the address of an account whose address was never verified, so whoever
 * set its password may not be its owner: that password is replaced by an unknown one.
 */
const PasswordChangedV1 = z.object({
  user_id: userId,
  password_hash: z.string(),
  reason: z.enum(['reset', 'change', 'account_reclaimed']),
  /** A change from the settings keeps the session it was made from signed in (docs/accounts.md#changing-the-password). */
  kept_jti: z.string().optional(),
});

/** A signed-in session ended (logout): its token id is refused until the token would have expired anyway. */
const SessionRevokedV1 = z.object({
  user_id: userId,
  jti: z.string(),
  /** ISO time at which the token expires by itself; after it the revocation can be forgotten. */
  expires_at: z.string(),
});

/** Registration opened or closed by an admin (the `system` stream). Existing users can always sign in. */
const SignupToggledV1 = z.object({ enabled: z.boolean() });

export const EmailTokenPurpose = z.enum(['verify_email', 'reset_password', 'change_email']);
export type EmailTokenPurpose = z.infer<typeof EmailTokenPurpose>;

/**
 * A single-use link token was mailed. It lives on a stream named by the token's hash
 * (`email-token-{sha256}`), so the token itself is never stored and its redemption is a
 * concurrency-checked append to the same stream.
 */
const EmailTokenIssuedV1 = z.object({
  purpose: EmailTokenPurpose,
  user_id: userId,
  email: z.string(),
  expires_at: z.string(),
});

const EmailTokenRedeemedV1 = z.object({
  purpose: EmailTokenPurpose,
  user_id: userId,
});

export const OAuthProvider = z.enum(['google', 'facebook', 'twitter']);
export type OAuthProvider = z.infer<typeof OAuthProvider>;

/** A social sign-in provider's settings (stream `oauth-{provider}`); the secret only encrypted. */
const OAuthProviderConfiguredV1 = z.object({
  provider: OAuthProvider,
  client_id: z.string(),
  /** AES-256-GCM, keyed from the installation secret. */
  client_secret_encrypted: z.string(),
  auth_url: z.string(),
  token_url: z.string(),
  userinfo_url: z.string(),
  scope: z.string(),
  /** The web app's callback address registered at the provider; empty means "the caller's". */
  redirect_uri: z.string(),
  enabled: z.boolean(),
});

/** An admin removed a provider's settings, its encrypted secret included: sign-in with it stops. */
const OAuthProviderRemovedV1 = z.object({ provider: OAuthProvider });

/** An authorization code was exchanged (stream `oauth-code-{sha256}`): a second use is refused. */
const OAuthCodeRedeemedV1 = z.object({ provider: OAuthProvider });

/**
 * A social sign-in began (stream `oauth-state-{sha256 of the state}`): the state itself is
 * never stored; the PKCE verifier only encrypted, until the sign-in returns or expires.
 */
const OAuthSignInStartedV1 = z.object({
  provider: OAuthProvider,
  redirect_uri: z.string(),
  /** AES-256-GCM, keyed from the installation secret. */
  verifier_encrypted: z.string(),
  expires_at: z.string(),
});

/** The provider returned with that state; a second return with it is refused. */
const OAuthSignInReturnedV1 = z.object({ provider: OAuthProvider });

/**
 * An admin suspended, banned or re-activated an account (the acting admin is the event's
 * actor). Suspended and banned users cannot sign in or call the API; a banned user's links
 * also stop redirecting.
 */
const UserStatusChangedV1 = z.object({
  user_id: userId,
  status: UserStatus,
  previous: UserStatus,
});

/** The super admin granted or removed the admin role. */
const UserRoleChangedV1 = z.object({
  user_id: userId,
  role: z.enum(['user', 'admin']),
  previous: Role,
});

/**
 * An admin set how the installation sends e-mail (stream `email-settings`): SendGrid when an
 * API key is set, else SMTP when a server is, else the outbox folder. Secrets only encrypted
 * ('' when none is stored).
 */
export const EmailSettingsConfiguredV1 = z.object({
  sendgrid_api_key_encrypted: z.string(),
  sendgrid_from_email: z.string(),
  sendgrid_from_name: z.string(),
  /** The web app's address that e-mailed links lead to ('' for the server's own). */
  frontend_url: z.string(),
  smtp_server: z.string(),
  smtp_port: z.number().int(),
  smtp_username: z.string(),
  smtp_password_encrypted: z.string(),
  from_email: z.string(),
});
export type EmailSettings = z.infer<typeof EmailSettingsConfiguredV1>;

export const MailPurpose = z.enum([
  'verify_email',
  'reset_password',
  'test',
  'receipt',
  'renewal_reminder',
  'email_change',
  'email_change_notice',
  'support_ticket',
  'support_reply',
  'weekly_summary',
  'usage_warning',
  'moderation_notice',
  /** A pending custom domain claim was dropped: another account verified the name first. */
  'domain_claim_dropped',
  'account_deleted',
  /** The super admin told of an admin's change to the sign-in providers or the mail settings. */
  'security_notice',
  /** An invite to join a workspace, to the invited address. */
  'workspace_invite',
  /** An administrator approved or rejected a TRAI header on our host. */
  'trai_decision',
  /** A link stopped serving its destination: its expiry time passed or its click limit was reached. */
  'link_expired',
  /** A webhook's deliveries keep failing, or it was switched off for it. */
  'webhook_failing',
  'other',
]);
export type MailPurpose = z.infer<typeof MailPurpose>;

/** A message was handed to the mail transport, or refused by it (stream `mail-deliveries-{YYYY-MM}`); never its recipient or content. */
const MailDeliveredV1 = z.object({
  purpose: MailPurpose,
  transport: z.enum(['outbox', 'sendgrid', 'smtp']),
  ok: z.boolean(),
  /** Why the transport refused it; '' when it was accepted. */
  error: z.string(),
});

/**
 * The owner deleted the account (docs/privacy.md): its data key is destroyed, so every
 * personal field it wrote reads as shredded; sign-in and the links stop; counts remain.
 */
const AccountDeletedV1 = z.object({ user_id: userId });

export const accountEvents = {
  UserRegistered: { 1: UserRegisteredV1 },
  EmailVerified: { 1: EmailVerifiedV1 },
  PasswordChanged: { 1: PasswordChangedV1 },
  SessionRevoked: { 1: SessionRevokedV1 },
  SignupToggled: { 1: SignupToggledV1 },
  EmailTokenIssued: { 1: EmailTokenIssuedV1 },
  EmailTokenRedeemed: { 1: EmailTokenRedeemedV1 },
  OAuthProviderConfigured: { 1: OAuthProviderConfiguredV1 },
  OAuthProviderRemoved: { 1: OAuthProviderRemovedV1 },
  OAuthCodeRedeemed: { 1: OAuthCodeRedeemedV1 },
  OAuthSignInStarted: { 1: OAuthSignInStartedV1 },
  OAuthSignInReturned: { 1: OAuthSignInReturnedV1 },
  UserStatusChanged: { 1: UserStatusChangedV1 },
  UserRoleChanged: { 1: UserRoleChangedV1 },
  EmailSettingsConfigured: { 1: EmailSettingsConfiguredV1 },
  MailDelivered: { 1: MailDeliveredV1 },
  AccountDeleted: { 1: AccountDeletedV1 },
} as const;
