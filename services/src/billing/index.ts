// The billing feature as other features may use it: its only public face (docs/architecture.md#dependency-rules).
export { currentLimits, currentPlan } from './current-plan.ts';
export { analyticsRetention, type AnalyticsRetention } from './analytics-retention.ts';
export { ADMINS_SET_LIMITS, customLimitsDecider } from './subscription-deciders.ts';
export { EXPORT_NOT_IN_PLAN, requireFeature } from './feature-gate.ts';
export { type LinkLimitSource, MonthlyLimitReached, withinLinkQuota } from './link-quota.ts';
export { planNamed, plansByName } from './plan-catalogue.ts';
export { ADMIN_SUBJECTS } from './admin-subjects.ts';
export { evolveSubscription, NO_CUSTOM_LIMITS, noSubscription, paidPeriodRuns, type SubscriptionState } from './subscription-state.ts';
