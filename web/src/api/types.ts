import type { z } from 'zod';
import type {
  AnalyticsResponse as Analytics,
  AuthProvidersResponse,
  DomainInfoResponse,
  LinkListWithCounts,
  LinkResponse as Link,
  Plan as PlanInfo,
  PlansResponse,
  SubscriptionResponse as Subscription,
  UserResponse as User,
  UserStatsResponse,
} from '@linkledger/contracts';

// The app's view of the API, inferred from the same zod schemas the server validates with.
// Type-only imports: no schema code reaches the browser bundle.
export type LinkList = z.infer<typeof LinkListWithCounts>;
export type UserStats = z.infer<typeof UserStatsResponse>;
export type DomainInfo = z.infer<typeof DomainInfoResponse>;
export type Plans = z.infer<typeof PlansResponse>;
export type AuthProviders = z.infer<typeof AuthProvidersResponse>;
export type { User, Link, Analytics, Subscription, PlanInfo };
