import { z } from 'zod';
import { EmailSettingsConfiguredV1, OAuthProvider } from '../events/accounts.ts';
import { UserResponse } from './accounts.ts';
import { LinkResponse } from './links.ts';
import { FeatureKeySchema, Plan, PlanName } from '../plans/catalogue.ts';
import { BillingCycle } from '../events/billing.ts';

/** Page sizes the admin user list offers. */
const ADMIN_PAGE_SIZES = [5, 10, 20, 50] as const;

/** A search term and a page of an admin list. */
const AdminListQuery = z.strictObject({
  search: z.string().trim().max(254, 'Search must be at most 254 characters').optional(),
  skip: z.coerce.number().int().min(0, 'skip must be 0 or more').default(0),
  limit: z.coerce
    .number()
    .int()
    .refine((value) => (ADMIN_PAGE_SIZES as readonly number[]).includes(value), 'limit must be 5, 10, 20 or 50')
    .default(10),
});

/** `search`: part of an e-mail address, or a plan name (free, pro, enterprise). */
export const AdminUsersQuery = AdminListQuery;

export const AdminUserList = z.object({
  users: z.array(UserResponse),
  total: z.number().int(),
  skip: z.number().int(),
  limit: z.number().int(),
});
export type AdminUserList = z.infer<typeof AdminUserList>;

/** The answer to suspend, ban, activate and role changes: what happened, and the user as they are now. */
export const AdminUserActionResponse = z.object({ message: z.string(), user: UserResponse });

export const ChangeRoleBody = z.strictObject({
  role: z.enum(['user', 'admin'], { message: 'role must be user or admin' }),
});

/** A custom limit as sent: -1 is unlimited; empty, 0 or null means the plan's own. */
const CustomLimitInput = z.preprocess(
  (value) => (value === '' || value === 0 || value === undefined ? null : value),
  z.coerce
    .number({ message: 'Limits must be whole numbers (-1 for unlimited)' })
    .int('Limits must be whole numbers (-1 for unlimited)')
    .min(-1, 'Limits must be -1 (unlimited) or more')
    .max(1_000_000_000, 'Limits must be at most 1,000,000,000')
    .nullable(),
);

/** Every limit is sent (a missing one is the plan's own), so a field it does not know is refused, never read as a reset. */
export const UserLimitsBody = z.strictObject({
  custom_monthly_links_limit: CustomLimitInput,
  custom_api_calls_per_minute: CustomLimitInput,
  custom_custom_domains_limit: CustomLimitInput,
  /** The seats of the user's personal workspace (docs/workspaces.md#seats). */
  custom_seats_limit: CustomLimitInput,
  /** Days of analytics shown (docs/privacy.md#analytics-retention). */
  custom_analytics_retention_days: CustomLimitInput,
  is_unlimited_user: z.boolean().default(false),
});

const LimitFigure = z.number().int();

/** A user's own limits (null: the plan's) and the limits in force now (-1 unlimited). */
export const UserLimitsResponse = z.object({
  user_id: z.number().int(),
  email: z.string(),
  plan_type: z.string(),
  custom_monthly_links_limit: LimitFigure.nullable(),
  custom_api_calls_per_minute: LimitFigure.nullable(),
  custom_custom_domains_limit: LimitFigure.nullable(),
  custom_seats_limit: LimitFigure.nullable(),
  custom_analytics_retention_days: LimitFigure.nullable(),
  is_unlimited_user: z.boolean(),
  current_limits: z.object({
    monthly_links: LimitFigure,
    api_calls_per_minute: LimitFigure,
    custom_domains: LimitFigure,
    seats: LimitFigure,
    analytics_retention_days: LimitFigure,
  }),
});
export type UserLimitsResponse = z.infer<typeof UserLimitsResponse>;
/** The same limits for a workspace by its id: named by its id and name where a user's are by id and e-mail. */
export const WorkspaceLimitsResponse = UserLimitsResponse.omit({ user_id: true, email: true }).extend({ workspace_id: z.number().int(), name: z.string() });
export type WorkspaceLimitsResponse = z.infer<typeof WorkspaceLimitsResponse>;

/** `search`: part of a team workspace's name or slug. */
export const AdminWorkspacesQuery = AdminListQuery;

export const AdminWorkspaceList = z.object({
  workspaces: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      slug: z.string(),
      owner_emails: z.array(z.string()),
      members_count: z.number().int(),
      /** The plan in force now (free once a paid period is over). */
      plan_type: PlanName,
    }),
  ),
  total: z.number().int(),
  skip: z.number().int(),
  limit: z.number().int(),
});

/** `search`: part of a short code, of a destination (its host, say), or of the owner's e-mail address. */
export const AdminLinksQuery = AdminListQuery;

export const AdminLink = LinkResponse.extend({ owner_id: z.number().int(), owner_email: z.string().nullable() });
export const AdminLinkList = z.object({ links: z.array(AdminLink), total: z.number().int(), skip: z.number().int(), limit: z.number().int() });
export type AdminLinkList = z.infer<typeof AdminLinkList>;

export const DisableLinkBody = z.strictObject({
  reason: z.string({ message: 'Give the reason for disabling the link: its owner will see it.' }).max(500, 'The reason must be at most 500 characters'),
});
export const AdminLinkActionResponse = z.object({ message: z.string(), link: AdminLink });

export const AdminStatsResponse = z.object({
  total_users: z.number().int(),
  total_urls: z.number().int(),
  /** Human clicks on links that still exist (bots are never counted). */
  total_clicks: z.number().int(),
  new_users_this_month: z.number().int(),
});
export type AdminStatsResponse = z.infer<typeof AdminStatsResponse>;

export const SubscriptionHistoryResponse = z.object({
  history: z.array(
    z.object({
      /** The event's position in the subscription's stream. */
      id: z.number().int(),
      plan_name: z.string(),
      status: z.string(),
      billing_cycle: z.string(),
      /** Why it changed: a payment, an admin, a cancellation or an expiry. */
      reason: z.string(),
      created_at: z.string(),
    }),
  ),
});
export type SubscriptionHistoryResponse = z.infer<typeof SubscriptionHistoryResponse>;

const StoreReport = z.object({ adapter: z.string(), status: z.enum(['up', 'down']), error: z.string().optional() });

export const SystemReport = z.object({
  version: z.string(),
  node: z.string(),
  /** `all`, `api` or `projector`: what this process runs. */
  role: z.string(),
  uptime_seconds: z.number().int(),
  stores: z.object({ events: StoreReport, read: StoreReport, analytics: StoreReport }),
  /** Position of the last event in the log. */
  head_position: z.number().int(),
  projectors: z.array(z.object({ name: z.string(), checkpoint: z.number().int(), lag: z.number().int() })),
  /** Bytes on disk per store in embedded mode; empty in server mode. */
  data_sizes: z.record(z.string(), z.number().int()),
});
export type SystemReport = z.infer<typeof SystemReport>;

const address = (name: string) => z.string().trim().max(2048, `${name} must be at most 2048 characters`);

/**
 * A social sign-in provider's settings as an admin sends them (docs/admin.md#sign-in-providers).
 * What is left out takes its default (enabled), so a field it does not know is refused, never passed over.
 */
export const OAuthConfigBody = z.strictObject({
  provider: OAuthProvider,
  client_id: z.string({ message: 'Client ID is required' }).trim().min(1, 'Client ID is required').max(512, 'Client ID must be at most 512 characters'),
  /** Required when adding; when editing, empty keeps the stored secret. */
  client_secret: z.string().max(2048, 'Client secret must be at most 2048 characters').default(''),
  redirect_uri: address('Redirect URI').min(1, 'Redirect URI is required'),
  scope: z.string().trim().min(1, 'Scope is required').max(512, 'Scope must be at most 512 characters'),
  auth_url: address('Auth URL').min(1, 'Auth URL is required'),
  token_url: address('Token URL').optional(),
  userinfo_url: address('Userinfo URL').optional(),
  is_enabled: z.boolean().default(true),
});
export const OAuthConfigUpdateBody = OAuthConfigBody.omit({ provider: true });
export const OAuthProviderParams = z.object({ provider: OAuthProvider });
export const OAuthToggleQuery = z.strictObject({ enabled: z.enum(['true', 'false'], { message: 'enabled must be true or false' }) });

const OAuthConfigView = z.object({
  id: z.number().int(),
  provider: OAuthProvider,
  client_id: z.string(),
  /** Never the secret: dots and its last 4 characters, so an admin can tell which one is stored. */
  client_secret: z.string(),
  is_enabled: z.boolean(),
  redirect_uri: z.string(),
  scope: z.string(),
  auth_url: z.string(),
  token_url: z.string(),
  userinfo_url: z.string(),
  updated_at: z.string(),
});
export const OAuthConfigList = z.object({ configs: z.array(OAuthConfigView) });
export type OAuthConfigList = z.infer<typeof OAuthConfigList>;
export const OAuthConfigAnswer = z.object({ message: z.string(), config: OAuthConfigView.nullable() });

const rupees = (name: string) =>
  z
    .number({ message: `${name} must be a number of rupees` })
    .nonnegative(`${name} cannot be negative`)
    .max(10_000_000, `${name} must be at most ₹1,00,00,000`)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, `${name} can have at most 2 decimals (paise)`);
const planLimit = (name: string) =>
  z
    .number({ message: `${name} must be a whole number (-1 for unlimited)` })
    .int(`${name} must be a whole number (-1 for unlimited)`)
    .min(-1, `${name} must be -1 (unlimited) or more`)
    .max(1_000_000_000);

/** An admin's edit of a plan: only the fields sent change; the whole plan as listed may be sent (docs/admin.md#plans-and-features). */
export const UpdatePlanBody = z
  .strictObject({
    display_name: z.string().trim().min(1, 'Display name is required').max(40, 'Display name must be at most 40 characters'),
    price_monthly: rupees('Monthly price'),
    price_yearly: rupees('Yearly price').nullable(),
    monthly_links_limit: planLimit('Monthly links'),
    api_calls_per_minute: planLimit('API calls per minute'),
    custom_domains_limit: planLimit('Custom domains'),
    analytics_retention_days: planLimit('Analytics retention'),
    trai_domains_limit: planLimit('TRAI domains'),
    surveys_limit: planLimit('Surveys'),
    link_in_bio_pages_limit: planLimit('Link-in-bio pages'),
    is_active: z.boolean(),
    is_featured: z.boolean(),
    popular: z.boolean(),
    is_unlimited: z.boolean(),
    features: z.array(FeatureKeySchema).max(64),
    /** Says that a price of 0 on a paid plan is meant: without it such an edit is refused. */
    confirm_free_price: z.literal(true, { message: 'confirm_free_price can only be true' }),
    // The plan as GET shows it may be sent back whole: these fields are known but not edited here.
    id: z.number().int(),
    name: PlanName,
    api_rate_limit: planLimit('API rate limit'),
    seats: z.number().int(),
  })
  .partial();
export type UpdatePlanBody = z.infer<typeof UpdatePlanBody>;
/** What an admin's plan change would do to a user's paid period: the confirmation says it (docs/admin.md#users). */
export const PaidPeriodResponse = z.object({
  plan_type: PlanName,
  billing_cycle: BillingCycle,
  /** Whether a period paid for runs now (an admin's grant and the free plan are not). */
  paid: z.boolean(),
  period_end: z.string().nullable(),
  /** The unused share of the period at what it was paid, in paise, and whole days left. */
  unused_value_paise: z.number().int(),
  unused_days: z.number().int(),
});
export type PaidPeriodResponse = z.infer<typeof PaidPeriodResponse>;
export const UpdatePlanResponse = z.object({ message: z.string(), plan: Plan });
export const AdminPlanList = z.object({ plans: z.array(Plan) });
export type AdminPlanList = z.infer<typeof AdminPlanList>;

const optionalEmail = (name: string) =>
  z
    .string()
    .trim()
    .max(254, `${name} must be at most 254 characters`)
    .refine((value) => value === '' || /^[^\s@<>]+@[^\s@<>]+$/.test(value), `${name} must be an e-mail address`)
    .default('');

/** The e-mail settings as an admin sends them; an empty secret keeps the stored one (docs/admin.md#e-mail). */
export const EmailConfigBody = z.strictObject({
  sendgrid_api_key: z.string().trim().max(512).default(''),
  sendgrid_from_email: optionalEmail('SendGrid from e-mail'),
  sendgrid_from_name: z
    .string()
    .trim()
    .max(100)
    .refine((value) => !/[\r\n<>"]/.test(value), 'SendGrid from name cannot contain line breaks, <, > or "')
    .default(''),
  frontend_url: z.string().trim().max(2048).default(''),
  smtp_server: z
    .string()
    .trim()
    .max(253)
    .refine((value) => value === '' || /^[A-Za-z0-9.-]+$/.test(value), 'SMTP server must be a host name, such as smtp.example.com')
    .default(''),
  smtp_port: z.coerce
    .number()
    .int('SMTP port must be a whole number')
    .min(1, 'SMTP port must be between 1 and 65535')
    .max(65535, 'SMTP port must be between 1 and 65535')
    .default(587),
  smtp_username: z.string().trim().max(254).default(''),
  smtp_password: z.string().max(512).default(''),
  from_email: optionalEmail('From e-mail'),
  /** Forget the stored SendGrid key (choosing SMTP or the outbox again). */
  clear_sendgrid_api_key: z.boolean().default(false),
});

export const EmailConfigView = EmailSettingsConfiguredV1.omit({ sendgrid_api_key_encrypted: true, smtp_password_encrypted: true }).extend({
  /** Which transport sends now: the admin's settings, else the environment's. */
  transport: z.enum(['outbox', 'sendgrid', 'smtp']),
  /** Never the key or password: dots and their last 4 characters, or '' when none is stored. */
  sendgrid_api_key: z.string(),
  smtp_password: z.string(),
  updated_at: z.string().nullable(),
});
export type EmailConfigView = z.infer<typeof EmailConfigView>;
export const EmailConfigAnswer = z.object({ message: z.string(), config: EmailConfigView });
export const TestEmailBody = z.strictObject({
  test_email: z
    .string({ message: 'Please enter a test email address' })
    .trim()
    .min(1, 'Please enter a test email address')
    .max(254)
    .refine((value) => /^[^\s@<>]+@[^\s@<>]+$/.test(value), 'Please enter a valid email address'),
});
export const TestEmailAnswer = z.object({ message: z.string(), note: z.string() });
export const EmailStats = z.object({
  transport: z.enum(['outbox', 'sendgrid', 'smtp']),
  /** This calendar month (UTC). */
  month: z.string(),
  sent: z.number().int(),
  failed: z.number().int(),
  by_purpose: z.record(z.string(), z.number().int()),
  last_sent_at: z.string().nullable(),
  last_failure: z.object({ at: z.string(), error: z.string() }).nullable(),
  /** Accounts that exist (deleted ones left out), and how many have confirmed their address. */
  total_users: z.number().int(),
  verified_users: z.number().int(),
  unverified_users: z.number().int(),
  /** Verification messages delivered this month (the `verify_email` purpose). */
  verification_emails_sent: z.number().int(),
  /** Verified users as a percentage of all users, to one decimal (0 with no users). */
  verification_rate: z.number(),
});
export type EmailStats = z.infer<typeof EmailStats>;
