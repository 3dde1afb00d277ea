import type { PaymentView, UserView } from '@linkledger/projections';
import { defaultPlan } from '@linkledger/contracts';
import type { Payments } from './payment-setup.ts';
import { instrumentLabel } from './payment-instrument.ts';
import { isTestModeOrder } from './test-mode-gateway.ts';
import { renderReceiptPdf, type ReceiptDocument } from './receipt/receipt-pdf.ts';

/** The receipt of a captured (or since refunded) order, as its PDF shows it. */
function receiptDocumentOf(payment: PaymentView, buyer: Pick<UserView, 'email' | 'full_name' | 'username'>, payments: Payments): ReceiptDocument {
  if (!payment.receipt_number || !payment.payment_id || !payment.instrument || !payment.paid_at)
    throw new Error(`Order ${payment.id} has no receipt: it was not paid.`);
  return {
    receiptNumber: payment.receipt_number,
    issuedAt: payment.paid_at,
    seller: payments.seller,
    buyer: { name: buyer.full_name || buyer.username, email: buyer.email },
    planName: defaultPlan(payment.plan_type).display_name,
    billingCycle: payment.billing_cycle,
    periodStart: payment.period_start ?? payment.paid_at,
    periodEnd: payment.period_end ?? payment.paid_at,
    listPricePaise: payment.list_price_paise,
    creditPaise: payment.credit_paise,
    amountPaise: payment.amount_paise,
    gstRateBasisPoints: payments.gstRateBasisPoints,
    orderId: payment.id,
    paymentId: payment.payment_id,
    method: instrumentLabel(payment.instrument),
    refunded: payment.status === 'refunded',
    testMode: isTestModeOrder(payment.id),
  };
}

export const receiptPdf = (payment: PaymentView, buyer: Pick<UserView, 'email' | 'full_name' | 'username'>, payments: Payments) =>
  renderReceiptPdf(receiptDocumentOf(payment, buyer, payments));

export const receiptFileName = (receiptNumber: string) => `${receiptNumber}.pdf`;
