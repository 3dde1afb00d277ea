import { z } from 'zod';
import { PlanName } from '../plans/catalogue.ts';

export const BillingCycle = z.enum(['monthly', 'yearly']);
export type BillingCycle = z.infer<typeof BillingCycle>;

export const SubscriptionStatus = z.enum(['active', 'cancelled', 'expired']);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

/**
 * A user's plan changed (stream `subscription-{userId}`): a payment, an admin's decision,
 * a cancellation or an expiry. Without any, a user is on the free plan.
 */
export const PlanChangedV1 = z.object({
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
export const CustomLimitsSetV1 = z.object({
  user_id: z.number().int().positive(),
  monthly_links: CustomLimit,
  api_calls_per_minute: CustomLimit,
  custom_domains: CustomLimit,
  is_unlimited: z.boolean(),
});
export type CustomLimitsSet = z.infer<typeof CustomLimitsSetV1>;
export type CustomLimits = Omit<CustomLimitsSet, 'user_id'>;

export const billingEvents = {
  PlanChanged: { 1: PlanChangedV1 },
  CustomLimitsSet: { 1: CustomLimitsSetV1 },
} as const;
