import type {
  BillingHistoryResponse as BillingHistory,
  CancelSubscriptionResponse as Cancelled,
  CreateIntentResponse,
  PaymentConfigResponse as PaymentConfig,
  PaymentMethodsResponse as PaymentMethods,
  PaymentQuote,
  TestCheckoutOrder as TestOrder,
  TestCheckoutResult as TestResult,
  VerifyPaymentResponse as Verified,
} from '@linkledger/contracts';
import { api, apiBlob } from '../../../api/client.ts';

// The payment calls (GET/POST /api/payment/...), typed from the contracts; type-only imports keep zod out of the bundle.

export type PaidPlan = 'pro' | 'enterprise';
export type Cycle = 'monthly' | 'yearly';
export interface PlanChoice {
  plan_type: PaidPlan;
  billing_cycle: Cycle;
}

export type Quote = PaymentQuote;
export type Intent = CreateIntentResponse;
export type { PaymentConfig, TestOrder, TestResult, Verified, BillingHistory, PaymentMethods, Cancelled };

/** What the checkout hands back on success, whichever checkout it was (Razorpay's field names). */
export interface SignedResult {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

/** The API client takes paths under /api; the server hands out receipt addresses with it. */
function apiPath(url: string): string {
  if (!url.startsWith('/api/')) throw new Error(`Not an address of this API: ${url}`);
  return url.slice('/api'.length);
}

export const paymentsApi = {
  config: () => api<PaymentConfig>('/payment/config'),
  quote: (choice: PlanChoice) => api<Quote>('/payment/quote', { query: { ...choice } }),
  createIntent: (choice: PlanChoice) => api<Intent>('/payment/create-intent', { method: 'POST', body: choice }),
  testOrder: (orderId: string) => api<TestOrder>(`/payment/test-checkout/${encodeURIComponent(orderId)}`),
  testComplete: (orderId: string, outcome: 'pay' | 'fail') =>
    api<TestResult>(`/payment/test-checkout/${encodeURIComponent(orderId)}`, { method: 'POST', body: { outcome } }),
  verify: (result: SignedResult, choice: PlanChoice) =>
    api<Verified>('/payment/verify', {
      method: 'POST',
      body: { payment_id: result.razorpay_payment_id, order_id: result.razorpay_order_id, signature: result.razorpay_signature, ...choice },
    }),
  history: () => api<BillingHistory>('/payment/billing-history'),
  methods: () => api<PaymentMethods>('/payment/methods'),
  makeDefault: (id: string) => sendEmpty(`/payment/methods/${encodeURIComponent(id)}/default`, 'POST'),
  removeMethod: (id: string) => sendEmpty(`/payment/methods/${encodeURIComponent(id)}`, 'DELETE'),
  cancelSubscription: (subscriptionId: number) => api<Cancelled>('/payment/subscription/cancel', { method: 'POST', body: { subscription_id: subscriptionId } }),
  /** A receipt's PDF, from the `receipt_url` of a billing history item. */
  receipt: (receiptUrl: string) => apiBlob(apiPath(receiptUrl)),
};

/** A call answered 204 No Content: nothing to parse. */
async function sendEmpty(path: string, method: 'POST' | 'DELETE'): Promise<void> {
  await apiBlob(path, { method });
}
