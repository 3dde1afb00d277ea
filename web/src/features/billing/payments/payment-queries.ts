import { invalidate, useQuery } from '../../../api/query.ts';
import { useSession } from '../../auth/index.ts';
import { LIMITS_QUERY } from '../limits-view.ts';
import { refreshSubscription } from '../subscription.ts';
import { paymentsApi } from './payments-api.ts';

/** Every payment query sits under this key, so one invalidation refreshes them all. */
const PAYMENTS_QUERY = ['payments'] as const;
const PAYMENT_CONFIG_QUERY = ['payment-config'] as const;
export const BILLING_HISTORY_QUERY = [...PAYMENTS_QUERY, 'history'] as const;
export const PAYMENT_METHODS_QUERY = [...PAYMENTS_QUERY, 'methods'] as const;

/** Test mode or Razorpay, and the GST rate (public: the pricing page reads it for visitors too). */
export const usePaymentConfig = () => useQuery(PAYMENT_CONFIG_QUERY, paymentsApi.config).data ?? null;

/**
 * After a payment or a cancellation: the subscription (the sidebar's plan badge and every
 * screen that reads it), the account's plan_type, the limits page and the payment lists.
 */
export async function refreshAfterPlanChange(): Promise<void> {
  await Promise.all([
    refreshSubscription(),
    useSession
      .getState()
      .reloadUser()
      .catch((error: unknown) => console.error('Could not reload the account after a plan change', error)),
    invalidate(LIMITS_QUERY),
    invalidate(PAYMENTS_QUERY),
  ]);
}
