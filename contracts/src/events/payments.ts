import { z } from 'zod';
import { PlanName } from '../plans/catalogue.ts';
import { BillingCycle } from './billing.ts';

const paise = z.number().int().nonnegative();

/** How a payment was made, as the gateway reported it: never a full card number or UPI id. */
export const PaymentInstrument = z.object({
  kind: z.enum(['card', 'upi', 'netbanking', 'wallet', 'emi', 'other']),
  card_network: z.string().max(40).optional(),
  card_last4: z
    .string()
    .regex(/^\d{4}$/)
    .optional(),
  /** The UPI id with its handle masked (`ga****@okhdfc`). */
  vpa_masked: z.string().max(120).optional(),
  bank: z.string().max(40).optional(),
  wallet: z.string().max(40).optional(),
});
export type PaymentInstrument = z.infer<typeof PaymentInstrument>;

/**
 * What an order buys (docs/payments.md#what-an-order-buys): a first paid period, another
 * period of the same plan (starting when the current one ends), or a move to another paid
 * plan now, with the unused part of the current period credited.
 */
export const OrderPurpose = z.enum(['new', 'renewal', 'upgrade']);
export type OrderPurpose = z.infer<typeof OrderPurpose>;

/** What an order costs, the same whether quoted before the order exists or recorded on it. */
export const OrderPrice = {
  plan_type: PlanName,
  billing_cycle: BillingCycle,
  purpose: OrderPurpose,
  /** The plan's price for the cycle when the order was (or would be) made. */
  list_price_paise: paise,
  /** The unused part of the current paid period taken off an upgrade; 0 otherwise. */
  credit_paise: paise,
  /** What the user pays: list price less credit. */
  amount_paise: paise,
  currency: z.literal('INR'),
};

/**
 * The workspace a payment is for (docs/payments.md#whose-plan-a-payment-buys): its subscription is
 * `subscription-{workspace_id}`. Absent on orders made before workspaces paid: those were for
 * the payer's personal workspace, whose id is the payer's.
 */
const paidForWorkspace = z.number().int().positive().optional();

/** A user asked to pay for a plan and the gateway created the order (stream `payment-order-{order_id}`). */
const PaymentOrderCreatedV1 = z.object({
  order_id: z.string(),
  /** The payer: the member who ordered (their name and address go on the receipt). */
  user_id: z.number().int().positive(),
  workspace_id: paidForWorkspace,
  ...OrderPrice,
  gateway: z.enum(['razorpay', 'test']),
});

/** The gateway captured the order's payment (stream `payment-order-{order_id}`); at most one per order. */
const PaymentCapturedV1 = z.object({
  order_id: z.string(),
  payment_id: z.string(),
  /** The payer, as on the order. */
  user_id: z.number().int().positive(),
  /** The workspace paid for, as on the order (its payment methods list this one's). */
  workspace_id: paidForWorkspace,
  amount_paise: paise,
  currency: z.literal('INR'),
  instrument: PaymentInstrument,
  /** The receipt's number, from the installation's one sequence (`LL-000001`). */
  receipt_number: z.string(),
  /** Which path told us first: the browser's verify call or the gateway's webhook. */
  via: z.enum(['checkout', 'webhook']),
});

/** An attempt to pay the order failed (stream `payment-order-{order_id}`); the user may try again. */
const PaymentFailedV1 = z.object({
  order_id: z.string(),
  payment_id: z.string(),
  user_id: z.number().int().positive(),
  amount_paise: paise,
  /** The gateway's description, cut to 300 characters. */
  reason: z.string().max(300),
});

/** Money went back to the payer (stream `payment-order-{order_id}`). */
const PaymentRefundedV1 = z.object({
  order_id: z.string(),
  payment_id: z.string(),
  refund_id: z.string(),
  user_id: z.number().int().positive(),
  amount_paise: paise,
});

/** The next receipt number was taken (stream `receipts`): the count of these is the sequence. */
const ReceiptIssuedV1 = z.object({
  receipt_number: z.string(),
  order_id: z.string(),
  user_id: z.number().int().positive(),
});

/**
 * A paid period began from free, from an expired plan, or from an admin's grant (stream
 * `subscription-{userId}`). In this and the other subscription events `user_id` names the
 * workspace whose subscription it is (a personal workspace's id is its user's), as in `PlanChanged`.
 */
const SubscriptionActivatedV1 = z.object({
  user_id: z.number().int().positive(),
  plan_type: PlanName,
  billing_cycle: BillingCycle,
  period_start: z.string(),
  period_end: z.string(),
  order_id: z.string(),
  /** What the period is worth at list price: the base of an upgrade's credit. */
  period_value_paise: paise,
});

/** Another period of the same plan was paid for; it follows the current one (stream `subscription-{userId}`). */
const SubscriptionRenewedV1 = SubscriptionActivatedV1;

/** The user cancelled: the plan stays until the period end, then expires (stream `subscription-{userId}`). */
const SubscriptionCancelledV1 = z.object({
  user_id: z.number().int().positive(),
  plan_type: PlanName,
  /** When the paid plan ends (the current period's end). */
  ends_at: z.string(),
});

/** The paid period ended, or its payment was refunded: the user is back on free (stream `subscription-{userId}`). */
const SubscriptionExpiredV1 = z.object({
  user_id: z.number().int().positive(),
  plan_type: PlanName,
  period_end: z.string(),
  reason: z.enum(['period_ended', 'refunded']),
});

/**
 * When a payment was captured, the order's price no longer matched what its plan costs now
 * (docs/payments.md#re-quoted-at-capture), so the payment bought what it covers at the current
 * quote (`prorated`: the period is shortened or lengthened in proportion) or, where the plan
 * cannot be bought now at all, nothing (`not_applied`: support refunds it). Stream
 * `payment-order-{order_id}`, right after the capture.
 */
const PaymentRequotedV1 = z.object({
  order_id: z.string(),
  user_id: z.number().int().positive(),
  /** What the order asked for, and what the same plan and cycle cost at capture (null: not on offer to this user now). */
  ordered_amount_paise: paise,
  due_amount_paise: paise.nullable(),
  paid_paise: paise,
  outcome: z.enum(['prorated', 'not_applied']),
  /** The period the payment bought (prorated only). */
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  /** Why, in a sentence a person can read. */
  reason: z.string(),
});

/** The renewal reminder for a period was e-mailed (stream `subscription-{userId}`): sent once per period. */
const RenewalReminderSentV1 = z.object({
  user_id: z.number().int().positive(),
  period_end: z.string(),
});

/** The receipt of a payment was e-mailed (stream `payment-order-{order_id}`): sent once. */
const ReceiptEmailedV1 = z.object({
  order_id: z.string(),
  user_id: z.number().int().positive(),
});

/**
 * A member made a payment method their workspace's default, or removed one (stream
 * `payment-methods-{userId}`): `user_id` names the workspace whose methods they are.
 */
const PaymentMethodDefaultSetV1 = z.object({ user_id: z.number().int().positive(), method_id: z.string() });
const PaymentMethodRemovedV1 = z.object({ user_id: z.number().int().positive(), method_id: z.string() });

/** A gateway webhook was acted on (stream `payment-webhook-{event_id}`): a redelivery finds it and does nothing. */
const PaymentWebhookReceivedV1 = z.object({
  event_id: z.string(),
  event: z.string(),
  order_id: z.string().nullable(),
  payment_id: z.string().nullable(),
});

/** Test mode's own gateway records (streams `test-gateway-order-{id}`, `test-gateway-payment-{id}`): what Razorpay would keep. */
const TestGatewayOrderCreatedV1 = z.object({
  order_id: z.string(),
  amount_paise: paise,
  receipt: z.string(),
  notes: z.record(z.string(), z.string()),
});
const TestGatewayPaymentMadeV1 = z.object({
  payment_id: z.string(),
  order_id: z.string(),
  amount_paise: paise,
  status: z.enum(['captured', 'failed']),
});

export const paymentEvents = {
  PaymentOrderCreated: { 1: PaymentOrderCreatedV1 },
  PaymentCaptured: { 1: PaymentCapturedV1 },
  PaymentFailed: { 1: PaymentFailedV1 },
  PaymentRefunded: { 1: PaymentRefundedV1 },
  PaymentRequoted: { 1: PaymentRequotedV1 },
  ReceiptIssued: { 1: ReceiptIssuedV1 },
  ReceiptEmailed: { 1: ReceiptEmailedV1 },
  SubscriptionActivated: { 1: SubscriptionActivatedV1 },
  SubscriptionRenewed: { 1: SubscriptionRenewedV1 },
  SubscriptionCancelled: { 1: SubscriptionCancelledV1 },
  SubscriptionExpired: { 1: SubscriptionExpiredV1 },
  RenewalReminderSent: { 1: RenewalReminderSentV1 },
  PaymentMethodDefaultSet: { 1: PaymentMethodDefaultSetV1 },
  PaymentMethodRemoved: { 1: PaymentMethodRemovedV1 },
  PaymentWebhookReceived: { 1: PaymentWebhookReceivedV1 },
  TestGatewayOrderCreated: { 1: TestGatewayOrderCreatedV1 },
  TestGatewayPaymentMade: { 1: TestGatewayPaymentMadeV1 },
} as const;
