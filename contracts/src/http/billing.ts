import { z } from 'zod';
import { BillingCycle, SubscriptionStatus } from '../events/billing.ts';
import { FeatureCategory, Plan, PlanName } from '../plans/catalogue.ts';

export const PlansResponse = z.object({
  plans: z.array(Plan),
  /** Every feature a plan can grant, for the pricing page's lists. */
  features: z.array(z.object({ key: z.string(), name: z.string(), description: z.string(), category: FeatureCategory })),
});
export type PlansResponse = z.infer<typeof PlansResponse>;

/** The caller's consumption in the current calendar month (UTC) and overall. */
export const Usage = z.object({
  links_created: z.number().int(),
  api_calls: z.number().int(),
  total_clicks: z.number().int(),
});

/** The limits in force for the workspace: the plan's, or an admin's own for it. -1 is unlimited. */
const CurrentLimits = z.object({
  monthly_links: z.number().int(),
  api_calls_per_minute: z.number().int(),
  custom_domains: z.number().int(),
  /** Members and pending invites the workspace holds (docs/workspaces.md#seats). */
  seats: z.number().int(),
});

export const SubscriptionResponse = z.object({
  id: z.number().int(),
  plan: Plan,
  plan_type: PlanName,
  billing_cycle: BillingCycle,
  status: SubscriptionStatus,
  current_period_start: z.string(),
  current_period_end: z.string().nullable(),
  /** Every feature key, true where the plan grants it. */
  features: z.record(z.string(), z.boolean()),
  feature_list: z.array(z.string()),
  usage: Usage,
  limits: CurrentLimits,
  /** When the monthly link count starts again (the first of next month, UTC). */
  usage_resets_at: z.string(),
});
export type SubscriptionResponse = z.infer<typeof SubscriptionResponse>;

export const ChangePlanBody = z.strictObject({
  plan_type: z.enum(PlanName.options, { message: 'plan_type must be one of: free, pro, enterprise' }),
});

export const ChangePlanResponse = z.object({ message: z.string(), user_id: z.number().int(), plan_type: PlanName });
export const WorkspaceChangePlanResponse = ChangePlanResponse.omit({ user_id: true }).extend({ workspace_id: z.number().int() });
