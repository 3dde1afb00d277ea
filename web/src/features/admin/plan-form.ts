import type { Plans } from '../../api/types.ts';
import type { AdminPlan, PlanChanges } from './admin-api.ts';

/*
 * The plan editor's rules (docs/admin.md#plans-and-features): what the form shows, how its
 * text becomes numbers, and which fields an edit sends. Pure, so plan-form.test.ts checks it.
 */

export type FeatureKey = AdminPlan['features'][number];
export type Feature = Plans['features'][number];
export type FeatureCategory = Feature['category'];

/** The seven limits, in the order the cards and the form show them; -1 is unlimited. */
export const LIMIT_FIELDS = [
  { key: 'monthly_links_limit', label: 'Monthly links' },
  { key: 'api_calls_per_minute', label: 'API calls per minute' },
  { key: 'custom_domains_limit', label: 'Custom domains' },
  { key: 'analytics_retention_days', label: 'Analytics retention (days)' },
  { key: 'trai_domains_limit', label: 'TRAI domains' },
  { key: 'surveys_limit', label: 'Surveys' },
  { key: 'link_in_bio_pages_limit', label: 'Link-in-bio pages' },
] as const;
type LimitKey = (typeof LIMIT_FIELDS)[number]['key'];

export const FLAG_FIELDS = [
  { key: 'is_active', label: 'Active', hint: 'Listed in the public catalogue; subscribers keep an inactive plan' },
  { key: 'is_featured', label: 'Featured', hint: 'Highlighted on the pricing page' },
  { key: 'popular', label: 'Popular', hint: 'Marked “Most Popular” on the pricing cards' },
  { key: 'is_unlimited', label: 'Unlimited', hint: 'Described as an unlimited plan' },
] as const;
type FlagKey = (typeof FLAG_FIELDS)[number]['key'];

/** Category headings, in the order the feature lists show them (every category of the catalogue). */
const CATEGORY_LABELS: Record<FeatureCategory, string> = {
  analytics: 'Analytics',
  links: 'Links',
  domains: 'Domains',
  api: 'API',
  security: 'Security',
  branding: 'Branding',
  team: 'Team',
  social: 'Social',
  reports: 'Reports',
  surveys: 'Surveys',
  qr: 'QR codes',
  bio: 'Link in bio',
  data: 'Data',
  other: 'Other',
};

interface FeatureGroup {
  category: FeatureCategory;
  label: string;
  features: Feature[];
}

/** The features by category, categories in a fixed order, empty ones left out. */
export function groupFeatures(features: readonly Feature[]): FeatureGroup[] {
  return (Object.keys(CATEGORY_LABELS) as FeatureCategory[])
    .map((category) => ({ category, label: CATEGORY_LABELS[category], features: features.filter((feature) => feature.category === category) }))
    .filter((group) => group.features.length > 0);
}

/** What the edit form holds: the text of each box as typed, the flags and the granted features. */
export interface PlanForm {
  display_name: string;
  price_monthly: string;
  /** Empty for no yearly price. */
  price_yearly: string;
  limits: Record<LimitKey, string>;
  flags: Record<FlagKey, boolean>;
  features: FeatureKey[];
}

export function formOf(plan: AdminPlan): PlanForm {
  return {
    display_name: plan.display_name,
    price_monthly: String(plan.price_monthly),
    price_yearly: plan.price_yearly === null ? '' : String(plan.price_yearly),
    limits: Object.fromEntries(LIMIT_FIELDS.map(({ key }) => [key, String(plan[key])])) as Record<LimitKey, string>,
    flags: Object.fromEntries(FLAG_FIELDS.map(({ key }) => [key, plan[key]])) as Record<FlagKey, boolean>,
    features: [...plan.features],
  };
}

/** A price box as rupees: read as a decimal; what is not a number becomes 0. The server checks the range and the paise. */
export function parsePrice(text: string): number {
  const value = Number.parseFloat(text.trim());
  return Number.isFinite(value) ? value : 0;
}

/**
 * What is wrong with the price boxes before anything is sent: an empty monthly box once
 * saved ₹0 and made a paid plan free. Null when both can be read.
 */
export function priceProblem(form: Pick<PlanForm, 'price_monthly' | 'price_yearly'>): string | null {
  const monthly = form.price_monthly.trim();
  if (monthly === '') return 'Monthly price (₹) is required: enter 0 only to make the plan free.';
  if (!Number.isFinite(Number(monthly))) return 'Monthly price (₹) must be a number of rupees.';
  const yearly = form.price_yearly.trim();
  if (yearly !== '' && !Number.isFinite(Number(yearly))) return 'Yearly price (₹) must be a number of rupees, or empty for none.';
  return null;
}

/** The price boxes an edit sets to 0 on a paid plan: saving them makes it free, so the admin confirms first. */
export function pricesMadeFree(plan: Pick<AdminPlan, 'name' | 'price_monthly' | 'price_yearly'>, changes: PlanChanges): string[] {
  if (plan.name === 'free') return [];
  const fields: string[] = [];
  if (changes.price_monthly === 0 && plan.price_monthly !== 0) fields.push('Monthly price (₹)');
  if (changes.price_yearly === 0 && plan.price_yearly !== 0) fields.push('Yearly price (₹)');
  return fields;
}

/** A limit box as a whole number (-1 unlimited): read as an integer; what is not a number becomes 0. */
export function parseLimit(text: string): number {
  const value = Number.parseInt(text.trim(), 10);
  return Number.isFinite(value) ? value : 0;
}

/** The yearly box: empty is no yearly price (null), anything else a price. */
export function parseYearlyPrice(text: string): number | null {
  return text.trim() === '' ? null : parsePrice(text);
}

const sameFeatures = (a: readonly FeatureKey[], b: readonly FeatureKey[]) => {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((key) => right.has(key));
};

/** Only the fields the form changed against the plan as it was opened: the server changes only what is sent. */
export function changesOf(plan: AdminPlan, form: PlanForm): PlanChanges {
  const changes: PlanChanges = {};
  const displayName = form.display_name.trim();
  if (displayName !== plan.display_name) changes.display_name = displayName;
  const monthly = parsePrice(form.price_monthly);
  if (monthly !== plan.price_monthly) changes.price_monthly = monthly;
  const yearly = parseYearlyPrice(form.price_yearly);
  if (yearly !== plan.price_yearly) changes.price_yearly = yearly;
  for (const { key } of LIMIT_FIELDS) {
    const limit = parseLimit(form.limits[key]);
    if (limit !== plan[key]) changes[key] = limit;
  }
  for (const { key } of FLAG_FIELDS) {
    if (form.flags[key] !== plan[key]) changes[key] = form.flags[key];
  }
  if (!sameFeatures(form.features, plan.features)) changes.features = [...new Set(form.features)];
  return changes;
}

/** A limit as the cards write it (billing's own): "Unlimited" for -1, else grouped the Indian way (docs/plans.md#plan-catalogue). */
export { limitLabel } from '../billing/index.ts';

/**
 * Rupees as the API gives them (up to 2 decimals), formatted by Intl rather than computed:
 * "₹999", "₹1,00,000", and paise only when there are some ("₹999.50").
 */
export function priceLabel(rupees: number): string {
  const paise = !Number.isInteger(rupees);
  return rupees.toLocaleString('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: paise ? 2 : 0, maximumFractionDigits: 2 });
}
