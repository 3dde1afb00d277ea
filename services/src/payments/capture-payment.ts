import type { DomainEvent, PaymentInstrument } from '@linkledger/contracts';
import type { MultiStreamDecider } from '../commands/command-handler.ts';
import { invalid, notFound } from '../commands/domain-error.ts';
import { evolveSubscription, noSubscription, type SubscriptionState } from '../billing/index.ts';
import { settleAtCapture, type PlansByName } from './capture-settlement.ts';
import type { PaymentDetails } from './payment-gateway.ts';
import { RECEIPTS_STREAM, evolveOrder, evolveReceiptCount, noOrder, orderStream, receiptNumber, type PaymentOrderState } from './payment-order.ts';
import { instrumentOf } from './payment-instrument.ts';

export const ORDER_NOT_FOUND = 'There is no such order on your account. Start again from the pricing page.';

interface CapturePayment {
  orderId: string;
  /** The order's owner, read from the order before the command (its subscription stream is part of the decision). */
  userId: number;
  /** The payment as the gateway reports it: the only source of its amount and status. */
  payment: PaymentDetails;
  via: 'checkout' | 'webhook';
  now: Date;
  /** The catalogue at capture: the order is quoted again on it (capture-settlement.ts). */
  plans: PlansByName;
}

type CaptureStates = { order: PaymentOrderState; subscription: SubscriptionState; receipts: number };

/**
 * Given an order, when the gateway reports its payment captured, then the payment is
 * recorded with the next receipt number and what it buys, quoted again now, starts (or
 * follows the current period, for a renewal; capture-settlement.ts). An order already
 * captured changes nothing: checkout's verify, a second verify and the webhook may all
 * arrive, and only the first counts.
 */
export function decideCapture(command: CapturePayment, states: CaptureStates): Partial<Record<keyof CaptureStates, DomainEvent[]>> {
  const { order, captured } = states.order;
  if (!order || order.user_id !== command.userId) throw notFound(ORDER_NOT_FOUND);
  if (captured) return {};
  const { payment } = command;
  if (payment.orderId !== order.order_id) throw invalid(`Payment ${payment.id} belongs to another order, not ${order.order_id}.`);
  if (payment.status !== 'captured')
    throw invalid(`Payment ${payment.id} is ${payment.status}, not captured: your plan starts as soon as the payment is captured.`);
  if (payment.amountPaise !== order.amount_paise || payment.currency !== 'INR') {
    throw invalid(
      `Payment ${payment.id} is for ${payment.amountPaise} paise ${payment.currency}, but the order was for ${order.amount_paise} paise INR. Please contact support.`,
    );
  }
  const receipt = receiptNumber(states.receipts + 1);
  const instrument: PaymentInstrument = instrumentOf(payment);
  const applied = states.subscription.appliedOrders.includes(order.order_id);
  const settlement = applied ? { subscription: [], requoted: [] } : settleAtCapture(order, states.subscription, command.plans, command.now);
  return {
    order: [
      {
        type: 'PaymentCaptured',
        data: {
          order_id: order.order_id,
          payment_id: payment.id,
          user_id: order.user_id,
          amount_paise: order.amount_paise,
          currency: 'INR',
          instrument,
          receipt_number: receipt,
          via: command.via,
        },
      },
      ...settlement.requoted,
    ],
    receipts: [{ type: 'ReceiptIssued', data: { receipt_number: receipt, order_id: order.order_id, user_id: order.user_id } }],
    subscription: settlement.subscription,
  };
}

export const captureDecider: MultiStreamDecider<CapturePayment, CaptureStates> = {
  streamsOf: (command) => ({
    order: { stream: orderStream(command.orderId), initialState: noOrder, evolve: evolveOrder },
    subscription: { stream: `subscription-${command.userId}`, initialState: noSubscription, evolve: evolveSubscription },
    receipts: { stream: RECEIPTS_STREAM, initialState: 0, evolve: evolveReceiptCount, latestOnly: true },
  }),
  decide: decideCapture,
};
