import type { BillingHistoryItem, PaymentMethodItem } from '@linkledger/contracts';
import { defaultPlan } from '@linkledger/contracts';
import type { PaymentMethodsView, PaymentView } from '@linkledger/projections';
import { dayLabel } from '../formats/day-label.ts';
import { instrumentId, instrumentLabel } from './payment-instrument.ts';
import { formatInr } from './receipt/money.ts';
import { isTestModeOrder } from './test-mode-gateway.ts';

/** One line of billing history: what was bought, for how much, how, and its receipt. */
export function historyItem(payment: PaymentView): BillingHistoryItem {
  const plan = defaultPlan(payment.plan_type).display_name;
  const period = payment.period_start && payment.period_end ? ` (${dayLabel(payment.period_start)} – ${dayLabel(payment.period_end)})` : '';
  const credit = payment.credit_paise > 0 ? `, less ${formatInr(payment.credit_paise)} for unused time` : '';
  const renewal = payment.purpose === 'renewal' ? ' renewal' : '';
  const failed = payment.status === 'failed' ? ` — payment failed: ${payment.failure_reason ?? 'declined'}` : '';
  const paid = payment.status !== 'failed' && payment.receipt_number !== null;
  return {
    id: payment.id,
    amount: payment.amount_paise,
    currency: payment.currency,
    status: payment.status === 'created' ? 'failed' : payment.status,
    method: payment.instrument ? instrumentLabel(payment.instrument) : 'Not charged',
    created_at: payment.paid_at ?? payment.created_at,
    description: `${plan} plan, ${payment.billing_cycle}${renewal}${period}${credit}${failed}`,
    receipt: paid ? payment.receipt_number : null,
    receipt_url: paid ? `/api/payment/receipts/${payment.receipt_number}` : null,
    period_start: payment.period_start,
    period_end: payment.period_end,
    test_mode: isTestModeOrder(payment.id),
  };
}

const ICONS = { card: 'card', emi: 'card', upi: 'upi', netbanking: 'bank', wallet: 'wallet', other: 'wallet' } as const;

/** The methods a user paid with, default first, then the most recently used. */
export function methodItems(view: PaymentMethodsView | null): PaymentMethodItem[] {
  if (!view) return [];
  return [...view.methods]
    .sort((a, b) => Number(b.id === view.default_id) - Number(a.id === view.default_id) || b.last_used_at.localeCompare(a.last_used_at))
    .map((method) => ({
      id: instrumentId(method.instrument),
      name: instrumentLabel(method.instrument),
      description: `Last used on ${dayLabel(method.last_used_at)}`,
      type: method.instrument.kind,
      icon: ICONS[method.instrument.kind],
      is_default: method.id === view.default_id,
      last_used_at: method.last_used_at,
    }));
}
