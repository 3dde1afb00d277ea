import { z } from 'zod';
import { BillingCycle } from '../events/billing.ts';
import { OrderPrice } from '../events/payments.ts';
import { PlanName } from '../plans/catalogue.ts';

const paise = z.number().int().nonnegative();

const paidPlan = z.enum(['pro', 'enterprise'], { message: 'plan_type must be pro or enterprise (the free plan needs no payment)' });
const cycle = z.enum(BillingCycle.options, { message: 'billing_cycle must be monthly or yearly' });

export const PlanChoice = z.strictObject({ plan_type: paidPlan, billing_cycle: cycle });

/** What paying for a plan now would buy and cost: the confirmation dialog shows it before any order exists. */
export const PaymentQuote = z.object({
  ...OrderPrice,
  /** The period the payment pays for, as it would be if paid now. */
  period_start: z.string(),
  period_end: z.string(),
  /** One sentence saying how the amount and period were worked out. */
  explanation: z.string(),
});
export type PaymentQuote = z.infer<typeof PaymentQuote>;

export const CreateIntentResponse = z.object({
  success: z.literal(true),
  order: z.object({
    key_id: z.string(),
    /** Integer paise, as Razorpay's checkout takes it. */
    amount: paise,
    currency: z.literal('INR'),
    order_id: z.string(),
  }),
  /** Which checkout to open: Razorpay's script, or the local test checkout. */
  mode: z.enum(['razorpay', 'test']),
  quote: PaymentQuote,
  /** Filled in on Razorpay's checkout. */
  prefill: z.object({ email: z.string(), name: z.string() }),
});
export type CreateIntentResponse = z.infer<typeof CreateIntentResponse>;

const gatewayId = (name: string) =>
  z
    .string({ message: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(64, `${name} is at most 64 characters`);

export const VerifyPaymentBody = z.strictObject({
  payment_id: gatewayId('payment_id'),
  order_id: gatewayId('order_id'),
  signature: z.string({ message: 'signature is required' }).trim().min(1, 'signature is required').max(128, 'signature is at most 128 characters'),
  plan_type: paidPlan,
  billing_cycle: cycle,
});

export const VerifyPaymentResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  receipt_number: z.string(),
});
export type VerifyPaymentResponse = z.infer<typeof VerifyPaymentResponse>;

/** The local test checkout's view of an order (test mode only). */
export const TestCheckoutOrder = z.object({
  order_id: z.string(),
  amount_paise: paise,
  currency: z.literal('INR'),
  plan_type: PlanName,
  billing_cycle: BillingCycle,
  description: z.string(),
  paid: z.boolean(),
});
export type TestCheckoutOrder = z.infer<typeof TestCheckoutOrder>;

export const TestCheckoutBody = z.strictObject({ outcome: z.enum(['pay', 'fail'], { message: 'outcome must be pay or fail' }) });

/** Field for field what Razorpay's checkout hands the page: the signed trio, or its error object. */
export const TestCheckoutResult = z.union([
  z.object({ outcome: z.literal('paid'), razorpay_payment_id: z.string(), razorpay_order_id: z.string(), razorpay_signature: z.string() }),
  z.object({
    outcome: z.literal('failed'),
    error: z.object({
      code: z.string(),
      description: z.string(),
      source: z.string(),
      step: z.string(),
      reason: z.string(),
      metadata: z.object({ payment_id: z.string(), order_id: z.string() }),
    }),
  }),
]);
export type TestCheckoutResult = z.infer<typeof TestCheckoutResult>;

const PaymentStatusShown = z.enum(['captured', 'failed', 'refunded']);

export const BillingHistoryItem = z.object({
  /** The order id. */
  id: z.string(),
  /** Integer paise. */
  amount: paise,
  currency: z.literal('INR'),
  status: PaymentStatusShown,
  /** How it was paid, e.g. "Visa •••• 4242" or "UPI ga****@okhdfc". */
  method: z.string(),
  created_at: z.string(),
  description: z.string(),
  /** The receipt number, or null for a failed attempt. */
  receipt: z.string().nullable(),
  /** Where the PDF receipt downloads from, or null for a failed attempt. */
  receipt_url: z.string().nullable(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  /** Paid in test mode: no money was taken, and its receipt says so. */
  test_mode: z.boolean(),
});
export type BillingHistoryItem = z.infer<typeof BillingHistoryItem>;

export const BillingHistoryResponse = z.object({ billing_history: z.array(BillingHistoryItem) });
export type BillingHistoryResponse = z.infer<typeof BillingHistoryResponse>;

export const PaymentMethodItem = z.object({
  id: z.string(),
  /** "Visa •••• 4242", "UPI", "HDFC netbanking". */
  name: z.string(),
  description: z.string(),
  type: z.enum(['card', 'upi', 'netbanking', 'wallet', 'emi', 'other']),
  /** An icon name the web app maps to a picture: card, upi, bank, wallet. */
  icon: z.enum(['card', 'upi', 'bank', 'wallet']),
  is_default: z.boolean(),
  last_used_at: z.string(),
});
export type PaymentMethodItem = z.infer<typeof PaymentMethodItem>;

export const PaymentMethodsResponse = z.object({ payment_methods: z.array(PaymentMethodItem) });
export type PaymentMethodsResponse = z.infer<typeof PaymentMethodsResponse>;

export const PaymentMethodParams = z.object({
  method_id: z.string().regex(/^[a-f0-9]{16}$/, 'method_id is a payment method id from GET /api/payment/methods'),
});

export const CancelSubscriptionBody = z.strictObject({
  subscription_id: z
    .number({ message: 'subscription_id must be a number (your subscription’s id)' })
    .int('subscription_id must be a whole number')
    .positive('subscription_id must be positive'),
});

export const CancelSubscriptionResponse = z.object({ success: z.literal(true), message: z.string(), ends_at: z.string() });
export type CancelSubscriptionResponse = z.infer<typeof CancelSubscriptionResponse>;

export const OrderParams = z.object({ order_id: gatewayId('order_id') });

export const ReceiptParams = z.object({ receipt_number: z.string().regex(/^LL-\d{6,}$/, 'receipt_number looks like LL-000001') });

/** What the web app needs to know about the payment set-up (public: the pricing page reads it). */
export const PaymentConfigResponse = z.object({
  mode: z.enum(['razorpay', 'test']),
  /** The public key Razorpay's checkout opens with (never the secret). */
  key_id: z.string(),
  /** A GST rate in basis points (1800 = 18 %), or null when none is charged. */
  gst_rate_basis_points: z.number().int().nullable(),
});
export type PaymentConfigResponse = z.infer<typeof PaymentConfigResponse>;

export const WebhookAck = z.object({ status: z.enum(['processed', 'duplicate', 'ignored']) });
