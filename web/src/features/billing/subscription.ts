import { billingApi } from '../../api/endpoints.ts';
import { invalidate, useQuery } from '../../api/query.ts';
import type { Subscription } from '../../api/types.ts';
import { useWorkspaceKey } from './workspace-key.ts';

/** The subscription of the workspace the app acts in: the shell, the dashboard, the developer screens and pricing read it. */
const SUBSCRIPTION_QUERY = ['subscription'] as const;

const loadSubscription = () =>
  billingApi.current().catch((error: unknown) => {
    console.error('Could not load the subscription', error);
    throw error;
  });

export interface SubscriptionView {
  subscription: Subscription | null;
  /** The call failed: screens fall back to the free plan (docs/plans.md#when-the-subscription-cannot-be-read). */
  failed: boolean;
}

/** The signed-in caller's subscription. */
export function useSubscription(): SubscriptionView {
  const { data, error } = useQuery(useWorkspaceKey(SUBSCRIPTION_QUERY), loadSubscription);
  return { subscription: data ?? null, failed: error !== undefined };
}

/** After anything that changes usage or the plan (a link created or deleted). */
export const refreshSubscription = () => invalidate(SUBSCRIPTION_QUERY);
