import { z } from 'zod';

export const PlanName = z.enum(['free', 'pro', 'enterprise']);
export type PlanName = z.infer<typeof PlanName>;

/** The value a limit takes when there is none. */
export const UNLIMITED = -1;

export const FeatureCategory = z.enum([
  'analytics',
  'links',
  'domains',
  'api',
  'security',
  'branding',
  'team',
  'social',
  'reports',
  'surveys',
  'qr',
  'bio',
  'data',
  'other',
]);

/** Every feature a plan can grant (docs/plans.md#features), with what it means to a person. */
export const FEATURES = {
  basic_analytics: { name: 'Basic analytics', description: 'Clicks, referrers and countries for every link', category: 'analytics' },
  advanced_analytics: { name: 'Advanced analytics', description: 'Devices, browsers, operating systems and unique visitors', category: 'analytics' },
  enterprise_analytics: { name: 'Enterprise analytics', description: 'Long retention and platform-wide reports', category: 'analytics' },
  qr_code_generation: { name: 'QR codes', description: 'A QR code for every link, as PNG or SVG', category: 'qr' },
  link_expiration: {
    name: 'Link expiration',
    description: 'Links that start and stop at times you choose, or after a number of clicks',
    category: 'links',
  },
  bulk_link_creation: { name: 'Bulk link creation', description: 'Create and delete many links at once', category: 'links' },
  advanced_url_editing: {
    name: 'Advanced targeting',
    description: 'Country, language, browser, query and time rules that send visitors to their own destination',
    category: 'links',
  },
  mobile_redirect: { name: 'Mobile redirects', description: 'Send each device (iPhone, Android, desktop, …) to its own destination', category: 'links' },
  ab_testing: { name: 'A/B testing', description: 'Split a link’s visitors between destinations', category: 'links' },
  custom_domains: { name: 'Custom domains', description: 'Short links on your own domain', category: 'domains' },
  unlimited_custom_domains: { name: 'Unlimited custom domains', description: 'As many branded domains as you need', category: 'domains' },
  trai_domains: { name: 'TRAI headers', description: 'SMS-compliant links with your registered sender header', category: 'domains' },
  api_access: { name: 'API access', description: 'Create links and read analytics with your API key', category: 'api' },
  webhooks: {
    name: 'Webhooks',
    description: 'Your systems hear of new links, clicks, payments and members as they happen, signed, retried and replayable from any day',
    category: 'api',
  },
  advanced_api: { name: 'Advanced API', description: 'Several named API keys per workspace, with every scope your role allows', category: 'api' },
  password_protection: { name: 'Password protection', description: 'Links that ask for a password', category: 'security' },
  white_label: { name: 'White label', description: 'Your brand instead of ours', category: 'branding' },
  team_management: {
    name: 'Team collaboration',
    description: 'Invite your team into a workspace with roles: links, domains and analytics shared',
    category: 'team',
  },
  social_sharing: {
    name: 'Sharing and preview cards',
    description:
      'Share buttons for e-mail, WhatsApp, X, LinkedIn, Facebook and Telegram that show which share brought the clicks, and your own title, description and image when a link is shared',
    category: 'social',
  },
  pdf_reports: { name: 'PDF reports', description: 'Analytics reports as PDF', category: 'reports' },
  surveys: { name: 'Surveys', description: 'Short surveys on your links', category: 'surveys' },
  qr_customization: { name: 'QR customization', description: 'Your colours, error correction, margin and logo in your QR codes', category: 'qr' },
  link_in_bio: { name: 'Link in bio', description: 'A landing page with all your links', category: 'bio' },
  csv_import_export: {
    name: 'Import and export',
    description: 'Bring your links from Bitly, Shlink, YOURLS, Kutt or a CSV file, and download them as a spreadsheet',
    category: 'data',
  },
} as const satisfies Record<string, { name: string; description: string; category: z.infer<typeof FeatureCategory> }>;

export type FeatureKey = keyof typeof FEATURES;
export const FEATURE_KEYS = Object.keys(FEATURES) as FeatureKey[];
export const FeatureKeySchema = z.enum(FEATURE_KEYS as [FeatureKey, ...FeatureKey[]]);

export const Plan = z.object({
  id: z.number().int().positive(),
  name: PlanName,
  display_name: z.string(),
  /** Rupees a month; the pricing page can show USD as the amount divided by 100. */
  price_monthly: z.number().nonnegative(),
  /** Rupees a year, or null where the plan has no yearly price. */
  price_yearly: z.number().nonnegative().nullable(),
  monthly_links_limit: z.number().int(),
  custom_domains_limit: z.number().int(),
  api_calls_per_minute: z.number().int(),
  /** The same figure under the name the client catalogue reads. */
  api_rate_limit: z.number().int(),
  analytics_retention_days: z.number().int(),
  trai_domains_limit: z.number().int(),
  surveys_limit: z.number().int(),
  link_in_bio_pages_limit: z.number().int(),
  /** How many members and pending invites a workspace on the plan holds (docs/workspaces.md#seats). */
  seats: z.number().int(),
  is_active: z.boolean(),
  is_featured: z.boolean(),
  /** Marked "Most Popular" on the pricing cards. */
  popular: z.boolean(),
  is_unlimited: z.boolean(),
  features: z.array(FeatureKeySchema),
});
export type Plan = z.infer<typeof Plan>;

type PlanDefaults = Omit<Plan, 'api_rate_limit'>;
const withRateAlias = (plan: PlanDefaults): Plan => ({ ...plan, api_rate_limit: plan.api_calls_per_minute });

/**
 * What each plan grants lists only what the product delivers today, so no page promises a
 * feature that does not exist; a feature joins its plans when it ships. Every plan can use
 * the API (within its rate limit), edit destinations and act on links in bulk.
 */
const freeFeatures: FeatureKey[] = ['basic_analytics', 'advanced_analytics', 'qr_code_generation', 'bulk_link_creation', 'api_access'];
const proFeatures: FeatureKey[] = [
  ...freeFeatures,
  'csv_import_export',
  'custom_domains',
  'trai_domains',
  'advanced_api',
  'team_management',
  'link_expiration',
  'password_protection',
  'mobile_redirect',
  'social_sharing',
  'qr_customization',
  'webhooks',
  'pdf_reports',
  'link_in_bio',
  'surveys',
];
const enterpriseFeatures: FeatureKey[] = [...proFeatures, 'ab_testing', 'advanced_url_editing', 'enterprise_analytics', 'white_label'];

/**
 * The one plan catalogue (docs/plans.md#plan-catalogue): prices, limits and features. The landing and pricing
 * pages, the register note and every limit check read it, so no two places can disagree.
 */
export const DEFAULT_PLANS: readonly Plan[] = (
  [
    {
      id: 1,
      name: 'free',
      display_name: 'Free',
      price_monthly: 0,
      price_yearly: null,
      monthly_links_limit: 10,
      custom_domains_limit: 0,
      api_calls_per_minute: 100,
      analytics_retention_days: 30,
      trai_domains_limit: 0,
      surveys_limit: 0,
      link_in_bio_pages_limit: 0,
      seats: 1,
      is_active: true,
      is_featured: false,
      popular: false,
      is_unlimited: false,
      features: freeFeatures,
    },
    {
      id: 2,
      name: 'pro',
      display_name: 'Pro',
      price_monthly: 999,
      price_yearly: 9990,
      monthly_links_limit: 1000,
      custom_domains_limit: 2,
      api_calls_per_minute: 1000,
      analytics_retention_days: 90,
      trai_domains_limit: 2,
      surveys_limit: 5,
      link_in_bio_pages_limit: 3,
      seats: 5,
      is_active: true,
      is_featured: true,
      popular: true,
      is_unlimited: false,
      features: proFeatures,
    },
    {
      id: 3,
      name: 'enterprise',
      display_name: 'Enterprise',
      price_monthly: 4999,
      price_yearly: 49990,
      monthly_links_limit: 10000,
      custom_domains_limit: 10,
      api_calls_per_minute: 10000,
      analytics_retention_days: 365,
      trai_domains_limit: 5,
      surveys_limit: 10,
      link_in_bio_pages_limit: 10,
      seats: 50,
      is_active: true,
      is_featured: false,
      popular: false,
      is_unlimited: false,
      features: enterpriseFeatures,
    },
  ] satisfies PlanDefaults[]
).map(withRateAlias);

export function defaultPlan(name: PlanName): Plan {
  return DEFAULT_PLANS.find((plan) => plan.name === name)!;
}

/** The yearly saving against twelve monthly payments, as a rounded percent ("Save 17%"). */
export function yearlySavingPercent(plan: Pick<Plan, 'price_monthly' | 'price_yearly'>): number | null {
  if (plan.price_yearly === null || plan.price_monthly === 0) return null;
  return Math.round((1 - plan.price_yearly / (12 * plan.price_monthly)) * 100);
}

/** "Unlimited" for -1, else the figure in en-IN grouping (1,000 / 10,000). */
export function formatLimit(limit: number): string {
  return limit === UNLIMITED ? 'Unlimited' : limit.toLocaleString('en-IN');
}

/** Whether a count has reached a limit (-1 never is). */
export function limitReached(used: number, limit: number): boolean {
  return limit !== UNLIMITED && used >= limit;
}

/** Rupees as the API shows them, from the paise the log keeps (and back, to the paisa). */
const rupeesOf = (paise: number) => paise / 100;
export const paiseOf = (rupees: number) => Math.round(rupees * 100);

/** A plan as the catalogue shows it, from the plan as an edit recorded it. */
export function planFromRecord(
  record: {
    plan_id: number;
    name: PlanName;
    display_name: string;
    price_monthly_paise: number;
    price_yearly_paise: number | null;
  } & Omit<PlanDefaults, 'id' | 'name' | 'display_name' | 'price_monthly' | 'price_yearly' | 'seats'>,
): Plan {
  const { plan_id, price_monthly_paise, price_yearly_paise, ...rest } = record;
  return withRateAlias({
    ...rest,
    // An edit does not record seats yet: the plan keeps the seats it shipped with.
    seats: defaultPlan(record.name).seats,
    id: plan_id,
    price_monthly: rupeesOf(price_monthly_paise),
    price_yearly: price_yearly_paise === null ? null : rupeesOf(price_yearly_paise),
  });
}
