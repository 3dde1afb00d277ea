import { z } from 'zod';
import { FeatureKeySchema, PlanName } from '../plans/catalogue.ts';

export const BillingCycle = z.enum(['monthly', 'yearly']);
export type BillingCycle = z.infer<typeof BillingCycle>;

export const SubscriptionStatus = z.enum(['active', 'cancelled', 'expired']);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

/**
 * A user's plan changed (stream `subscription-{userId}`): a payment, an admin's decision,
 * a cancellation or an expiry. Without any, a user is on the free plan.
 */
const PlanChangedV1 = z.object({
  user_id: z.number().int().positive(),
  plan_type: PlanName,
  billing_cycle: BillingCycle,
  status: SubscriptionStatus,
  /** ISO times; a free plan has no end. */
  period_start: z.string(),
  period_end: z.string().nullable(),
  reason: z.enum(['payment', 'admin', 'cancelled', 'expired']),
});
export type PlanChanged = z.infer<typeof PlanChangedV1>;

/** A limit an admin set for one user: a number (-1 unlimited), or null for the plan's own. */
const CustomLimit = z.number().int().min(-1).nullable();

/**
 * An admin set a user's own limits (stream `subscription-{userId}`), overriding the plan's
 * while they are set, whatever plan the user moves to; `is_unlimited` lifts them all.
 */
const CustomLimitsSetV1 = z.object({
  user_id: z.number().int().positive(),
  monthly_links: CustomLimit,
  api_calls_per_minute: CustomLimit,
  custom_domains: CustomLimit,
  is_unlimited: z.boolean(),
  /** Days of analytics shown (docs/privacy.md#analytics-retention); absent in events recorded before it could be set: the plan's own. */
  analytics_retention_days: CustomLimit.optional(),
});
export type CustomLimitsSet = z.infer<typeof CustomLimitsSetV1>;

/**
 * An admin set a workspace's own seat limit (stream `subscription-{workspace_id}`; a personal
 * workspace's id is its user's, docs/workspaces.md#seats), beside the limits above: a number
 * (-1 unlimited), or null for the plan's own. `is_unlimited` of the limits lifts it too.
 */
const CustomSeatsSetV1 = z.object({ workspace_id: z.number().int().positive(), seats: CustomLimit });

/** An admin's own limits: those of `CustomLimitsSet`, and the seats (absent where never set). */
export type CustomLimits = Omit<CustomLimitsSet, 'user_id'> & { seats?: number | null };

const limit = z.number().int().min(-1);

/**
 * An admin edited a plan of the catalogue (stream `plan-{id}`): the plan as it is now, whole.
 * Prices are integers in paise; the API shows rupees. Without any, a plan is as shipped.
 */
export const PlanUpdatedV1 = z.object({
  plan_id: z.number().int().positive(),
  name: PlanName,
  display_name: z.string(),
  price_monthly_paise: z.number().int().nonnegative(),
  price_yearly_paise: z.number().int().nonnegative().nullable(),
  monthly_links_limit: limit,
  custom_domains_limit: limit,
  api_calls_per_minute: limit,
  analytics_retention_days: limit,
  trai_domains_limit: limit,
  surveys_limit: limit,
  link_in_bio_pages_limit: limit,
  is_active: z.boolean(),
  is_featured: z.boolean(),
  popular: z.boolean(),
  is_unlimited: z.boolean(),
  features: z.array(FeatureKeySchema),
});
export type PlanUpdated = z.infer<typeof PlanUpdatedV1>;

export const billingEvents = {
  PlanChanged: { 1: PlanChangedV1 },
  CustomLimitsSet: { 1: CustomLimitsSetV1 },
  CustomSeatsSet: { 1: CustomSeatsSetV1 },
  PlanUpdated: { 1: PlanUpdatedV1 },
} as const;
