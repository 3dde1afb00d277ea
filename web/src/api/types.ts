import type { z } from 'zod';
import type {
  AnalyticsResponse,
  AuthProvidersResponse,
  DomainInfoResponse,
  LinkListWithCounts,
  LinkResponse,
  Plan,
  PlansResponse,
  SubscriptionResponse,
  UserResponse,
  UserStatsResponse,
} from '@linkledger/contracts';

// The app's view of the API, inferred from the same zod schemas the server validates with.
// Type-only imports: no schema code reaches the browser bundle.
export type User = z.infer<typeof UserResponse>;
export type Link = z.infer<typeof LinkResponse>;
export type LinkList = z.infer<typeof LinkListWithCounts>;
export type UserStats = z.infer<typeof UserStatsResponse>;
export type DomainInfo = z.infer<typeof DomainInfoResponse>;
export type Analytics = z.infer<typeof AnalyticsResponse>;
export type Subscription = z.infer<typeof SubscriptionResponse>;
export type PlanInfo = z.infer<typeof Plan>;
export type Plans = z.infer<typeof PlansResponse>;
export type AuthProviders = z.infer<typeof AuthProvidersResponse>;
