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

export const billingEvents = {
  PlanChanged: { 1: PlanChangedV1 },
} as const;
