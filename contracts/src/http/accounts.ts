import { z } from 'zod';
import { PlanName } from '../plans/catalogue.ts';
import { Role, UserStatus } from '../events/accounts.ts';
import { FeatureKeySchema } from '../plans/catalogue.ts';

export const PASSWORD_MIN_LENGTH = 6;

export const RegisterBody = z.strictObject({
  email: z
    .string({ message: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email must be at most 254 characters')
    .refine((value) => /^[^\s@]+@[^\s@]+$/.test(value), 'Please enter a valid email address'),
  password: z
    .string({ message: 'Password is required' })
    .min(PASSWORD_MIN_LENGTH, 'Password must be at least 6 characters long')
    .max(1024, 'Password must be at most 1024 characters'),
  /** Optional; shown in the dashboard's welcome and the admin's user list. */
  full_name: z.string().trim().max(100, 'Full name must be at most 100 characters').optional(),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

/** OAuth2 password grant, form-encoded: `username` holds the email. */
export const TokenBody = z.object({
  username: z.string({ message: 'Email is required' }).trim().min(1, 'Email is required'),
  password: z.string({ message: 'Password is required' }).min(1, 'Password is required'),
});

export const TokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
});

/** A user's plan: one of the catalogue's plan names. */
const PlanType = PlanName;

/** An account's status as screens show it: a deleted account stays listed, anonymized (docs/privacy.md#deleting-an-account). */
const AccountStatusShown = z.enum([...UserStatus.options, 'deleted']);

export const UserResponse = z.object({
  id: z.number(),
  /** A reference for support and receipts ("LL000042"), derived from the id. */
  customer_id: z.string(),
  email: z.string(),
  username: z.string(),
  full_name: z.string().nullable(),
  phone: z.string().nullable(),
  role: Role,
  status: AccountStatusShown,
  plan_type: PlanType,
  /** The feature keys the user's plan grants. */
  features: z.array(FeatureKeySchema),
  is_verified: z.boolean(),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type UserResponse = z.infer<typeof UserResponse>;

/** Registration open or closed (public: the register screen asks before showing the form). */
export const SignupStatusResponse = z.object({ signup_enabled: z.boolean() });

/** The admin's view of the sign-up setting (docs/accounts.md#the-sign-up-switch). */
export const SystemSignupSetting = z.object({ signup_enabled: z.boolean(), message: z.string() });

export const VERIFICATION_TOKEN_MISSING = 'Invalid verification link. Token is missing.';
export const RESET_TOKEN_MISSING = 'Invalid reset link. Token is missing.';

/** The token arrives from a link's query string; an empty one gets the "Token is missing" message (docs/accounts.md#email-verification). */
export const VerifyEmailBody = z.strictObject({ token: z.string().max(512).optional() });

export const VerifyEmailResponse = z.object({
  message: z.string(),
  /** True when the address had been verified before: the screen treats it as success. */
  already_verified: z.boolean(),
});

export const ForgotPasswordBody = z.strictObject({
  email: z.string({ message: 'Email is required' }).trim().min(1, 'Email is required').max(254, 'Email must be at most 254 characters'),
});

export const ResetPasswordBody = z.strictObject({
  token: z.string().max(512).optional(),
  new_password: z
    .string({ message: 'Password is required' })
    .min(PASSWORD_MIN_LENGTH, 'Password must be at least 6 characters long')
    .max(1024, 'Password must be at most 1024 characters'),
  /** Asked of accounts with a second factor (docs/accounts.md#second-factor): an authenticator or recovery code. */
  second_factor_code: z.string().trim().max(64).optional(),
});

/** Asking whether a reset link still works, before the form is shown (docs/accounts.md#password-reset). */
export const ResetLinkCheckBody = z.strictObject({ token: z.string({ message: 'The reset link has no token' }).max(512) });

/** What a reset link would meet: `valid`, `used`, `expired` or `invalid` (unknown, or stale after a later password change); nothing is spent by asking. */
const ResetLinkState = z.enum(['valid', 'used', 'expired', 'invalid']);
export const ResetLinkCheckResponse = z.object({
  state: ResetLinkState,
  /** What the reset itself would say about a dead link; null for a valid one. */
  detail: z.string().nullable(),
  /** The link's account has two-step verification on: the form asks for a code too. */
  second_factor_required: z.boolean(),
});
export type ResetLinkCheckResponse = z.infer<typeof ResetLinkCheckResponse>;

const ProviderStatus = z.object({ enabled: z.boolean(), client_id: z.string().nullable() });

export const AuthProvidersResponse = z.object({
  providers: z.object({ google: ProviderStatus, facebook: ProviderStatus, twitter: ProviderStatus }),
});
export type AuthProvidersResponse = z.infer<typeof AuthProvidersResponse>;

/** Any string, so an unknown provider gets "Unsupported provider: {provider}" rather than a schema error. */
export const ProviderParams = z.object({ provider: z.string() });

export const AuthorizeQuery = z.strictObject({
  redirect_uri: z.url({ protocol: /^https?$/, message: 'Redirect URI must be an http(s) address such as https://lnk.example.com/auth/callback' }).optional(),
});

export const AuthorizeResponse = z.object({
  /** Send the browser here; the provider returns to redirect_uri with code and state. */
  authorization_url: z.string(),
  /** Signed and short-lived: send it back with the code. */
  state: z.string(),
});

export const OAuthCallbackBody = z.strictObject({
  code: z.string({ message: 'no_code: No authorization code received.' }).min(1, 'no_code: No authorization code received.').max(2048),
  redirect_uri: z.string().max(2048).optional(),
  state: z.string().max(4096).optional(),
});
