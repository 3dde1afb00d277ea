import type {
  AnalyticsResponse as Analytics,
  AuthProvidersResponse as AuthProviders,
  DomainInfoResponse as DomainInfo,
  LinkListWithCounts as LinkList,
  LinkResponse as Link,
  Plan as PlanInfo,
  PlansResponse as Plans,
  SubscriptionResponse as Subscription,
  UserResponse as User,
  UserStatsResponse as UserStats,
} from '@linkledger/contracts';

// The app's view of the API: the types of the same zod schemas the server validates with.
// Type-only imports: no schema code reaches the browser bundle.
export type { User, Link, Analytics, Subscription, PlanInfo, LinkList, UserStats, DomainInfo, Plans, AuthProviders };
