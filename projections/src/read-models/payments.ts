import type { BillingCycle, OrderPurpose, PaymentInstrument, PlanName } from '@linkledger/contracts';
import type { ReadModelHandlers } from './handlers.ts';

/** One document per order: what billing history, receipts and the receipt e-mails read. */
export const PAYMENTS = 'payments';
/** One document per workspace: the instruments its members paid for it with, and its default. */
export const PAYMENT_METHODS = 'payment_methods';

export interface PaymentView {
  [key: string]: unknown;
  /** The gateway's order id. */
  id: string;
  /** The payer. */
  user_id: number;
  /**
   * The workspace paid for (docs/payments.md#whose-plan-a-payment-buys). Documents projected
   * before payments named their workspace lack it: theirs is the payer's personal one.
   */
  workspace_id?: number;
  plan_type: PlanName;
  billing_cycle: BillingCycle;
  purpose: OrderPurpose;
  list_price_paise: number;
  credit_paise: number;
  amount_paise: number;
  currency: 'INR';
  /** created: no attempt yet (not shown in history); failed: attempts failed, none captured. */
  status: 'created' | 'captured' | 'failed' | 'refunded';
  created_at: string;
  payment_id: string | null;
  instrument: PaymentInstrument | null;
  receipt_number: string | null;
  paid_at: string | null;
  failure_reason: string | null;
  refunded_paise: number;
  period_start: string | null;
  period_end: string | null;
  receipt_emailed: boolean;
}

export interface PaymentMethodsView {
  [key: string]: unknown;
  /** The workspace's id (a personal workspace's is its user's). */
  id: number;
  methods: { id: string; instrument: PaymentInstrument; last_used_at: string }[];
  default_id: string | null;
}

export const paymentIndexes = {
  [PAYMENTS]: [['user_id'], ['workspace_id'], ['receipt_number'], ['status', 'receipt_emailed']],
  [PAYMENT_METHODS]: [],
} as const;

/** The workspace a payment is for: an order made before payments named one was for its payer's personal workspace. */
export const paidForWorkspace = (payment: { user_id: number; workspace_id?: number | undefined }) => payment.workspace_id ?? payment.user_id;

/** How a method is told apart: the same instrument always has the same key (the API shows a short hash of it). */
export const instrumentKey = (instrument: PaymentInstrument) =>
  [instrument.kind, instrument.card_network, instrument.card_last4, instrument.vpa_masked, instrument.bank, instrument.wallet]
    .map((part) => part ?? '')
    .join('|');

export const paymentHandlers: ReadModelHandlers = {
  PaymentOrderCreated(order, recorded, tx) {
    const { order_id, user_id, plan_type, billing_cycle, purpose, list_price_paise, credit_paise, amount_paise, currency } = order;
    const view: PaymentView = {
      id: order_id,
      user_id,
      workspace_id: paidForWorkspace(order),
      plan_type,
      billing_cycle,
      purpose,
      list_price_paise,
      credit_paise,
      amount_paise,
      currency,
      status: 'created',
      created_at: recorded.metadata.at,
      payment_id: null,
      instrument: null,
      receipt_number: null,
      paid_at: null,
      failure_reason: null,
      refunded_paise: 0,
      period_start: null,
      period_end: null,
      receipt_emailed: false,
    };
    tx.put(PAYMENTS, view);
  },
  async PaymentFailed({ order_id, reason }, _recorded, tx) {
    await tx.update<PaymentView>(PAYMENTS, order_id, (view) =>
      view.status === 'created' || view.status === 'failed' ? { ...view, status: 'failed', failure_reason: reason } : view,
    );
  },
  async PaymentCaptured(captured, recorded, tx) {
    const { order_id, payment_id, instrument, receipt_number } = captured;
    const workspaceId = paidForWorkspace(captured);
    const at = recorded.metadata.at;
    await tx.update<PaymentView>(PAYMENTS, order_id, (view) => ({
      ...view,
      status: 'captured',
      payment_id,
      instrument,
      receipt_number,
      paid_at: at,
      failure_reason: null,
    }));
    const methods = (await tx.get<PaymentMethodsView>(PAYMENT_METHODS, workspaceId)) ?? { id: workspaceId, methods: [], default_id: null };
    const id = instrumentKey(instrument);
    const others = methods.methods.filter((method) => method.id !== id);
    tx.put(PAYMENT_METHODS, { ...methods, methods: [...others, { id, instrument, last_used_at: at }], default_id: methods.default_id ?? id });
  },
  async PaymentRefunded({ order_id, amount_paise }, _recorded, tx) {
    await tx.update<PaymentView>(PAYMENTS, order_id, (view) => ({ ...view, status: 'refunded', refunded_paise: view.refunded_paise + amount_paise }));
  },
  async ReceiptEmailed({ order_id }, _recorded, tx) {
    await tx.update<PaymentView>(PAYMENTS, order_id, (view) => ({ ...view, receipt_emailed: true }));
  },
  async SubscriptionActivated({ order_id, period_start, period_end }, _recorded, tx) {
    await tx.update<PaymentView>(PAYMENTS, order_id, (view) => ({ ...view, period_start, period_end }));
  },
  async SubscriptionRenewed({ order_id, period_start, period_end }, _recorded, tx) {
    await tx.update<PaymentView>(PAYMENTS, order_id, (view) => ({ ...view, period_start, period_end }));
  },
  async PaymentMethodDefaultSet({ user_id, method_id }, _recorded, tx) {
    await tx.update<PaymentMethodsView>(PAYMENT_METHODS, user_id, (view) =>
      view.methods.some((method) => method.id === method_id) ? { ...view, default_id: method_id } : view,
    );
  },
  async PaymentMethodRemoved({ user_id, method_id }, _recorded, tx) {
    await tx.update<PaymentMethodsView>(PAYMENT_METHODS, user_id, (view) => {
      const methods = view.methods.filter((method) => method.id !== method_id);
      // The most recently used one takes over as default.
      const default_id = view.default_id === method_id ? (methods.at(-1)?.id ?? null) : view.default_id;
      return { ...view, methods, default_id };
    });
  },
};
