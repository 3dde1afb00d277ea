import type { DomainEvent, PaymentInstrument } from '@linkledger/contracts';
import type { Decider, MultiStreamDecider } from '../commands/command-handler.ts';
import { conflict, invalid, notFound } from '../commands/domain-error.ts';
import { evolveSubscription, noSubscription, paidPeriodRuns, type SubscriptionState } from '../billing/index.ts';
import { settleAtCapture, type PlansByName } from './capture-settlement.ts';
import type { PaymentDetails } from './payment-gateway.ts';
import { instrumentOf } from './payment-instrument.ts';
import { paidForWorkspace } from '@linkledger/projections';
import {
  RECEIPTS_STREAM,
  evolveOrder,
  evolveReceiptCount,
  noOrder,
  orderStream,
  receiptNumber,
  type OrderCreated,
  type PaymentOrderState,
} from './payment-order-state.ts';

export const ORDER_NOT_FOUND = 'There is no such order on your account. Start again from the pricing page.';

interface CreateOrder {
  order: OrderCreated;
}

/** Given no order under this id, when the gateway has created one, then it is recorded with what it buys. */
export const createOrderDecider: Decider<CreateOrder, PaymentOrderState> = {
  streamOf: (command) => orderStream(command.order.order_id),
  initialState: noOrder,
  evolve: evolveOrder,
  decide: (command, state) => {
    if (state.order) throw conflict(`Order ${command.order.order_id} exists already.`);
    return [{ type: 'PaymentOrderCreated', data: command.order }];
  },
};

interface CapturePayment {
  orderId: string;
  /** The workspace the order pays for, read from the order before the command (its subscription stream is part of the decision). */
  workspaceId: number;
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
  if (!order || paidForWorkspace(order) !== command.workspaceId) throw notFound(ORDER_NOT_FOUND);
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
          workspace_id: paidForWorkspace(order),
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
    subscription: { stream: `subscription-${command.workspaceId}`, initialState: noSubscription, evolve: evolveSubscription },
    receipts: { stream: RECEIPTS_STREAM, initialState: 0, evolve: evolveReceiptCount, latestOnly: true },
  }),
  decide: decideCapture,
};

interface RecordFailure {
  orderId: string;
  paymentId: string;
  amountPaise: number;
  reason: string;
}

/** Given an order, when an attempt to pay it failed, then the failure is listed once; a paid order keeps no failure after its capture. */
export const failureDecider: Decider<RecordFailure, PaymentOrderState> = {
  streamOf: (command) => orderStream(command.orderId),
  initialState: noOrder,
  evolve: evolveOrder,
  decide: (command, state) => {
    if (!state.order) throw notFound(ORDER_NOT_FOUND);
    if (state.captured?.payment_id === command.paymentId || state.failedPayments.includes(command.paymentId)) return [];
    return [
      {
        type: 'PaymentFailed',
        data: {
          order_id: command.orderId,
          payment_id: command.paymentId,
          user_id: state.order.user_id,
          amount_paise: command.amountPaise,
          reason: command.reason.slice(0, 300),
        },
      },
    ];
  },
};

interface RecordRefund {
  orderId: string;
  /** The workspace the order paid for: its subscription loses the period a whole refund takes back. */
  workspaceId: number;
  paymentId: string;
  refundId: string;
  amountPaise: number;
  now: Date;
}

type RefundStates = { order: PaymentOrderState; subscription: SubscriptionState };

/**
 * Given a captured order, when money goes back, then the refund is recorded once; a full
 * refund of the order that bought the running period ends it now (the plan was not paid for).
 */
export const refundDecider: MultiStreamDecider<RecordRefund, RefundStates> = {
  streamsOf: (command) => ({
    order: { stream: orderStream(command.orderId), initialState: noOrder, evolve: evolveOrder },
    subscription: { stream: `subscription-${command.workspaceId}`, initialState: noSubscription, evolve: evolveSubscription },
  }),
  decide: (command, { order, subscription }) => {
    if (!order.order || !order.captured) throw notFound(ORDER_NOT_FOUND);
    if (order.refunds.includes(command.refundId)) return {};
    const refunded: DomainEvent = {
      type: 'PaymentRefunded',
      data: {
        order_id: command.orderId,
        payment_id: command.paymentId,
        refund_id: command.refundId,
        user_id: order.order.user_id,
        amount_paise: command.amountPaise,
      },
    };
    const whole = order.refundedPaise + command.amountPaise >= order.captured.amount_paise;
    const fundsCurrentPeriod = subscription.appliedOrders.at(-1) === command.orderId && paidPeriodRuns(subscription, command.now);
    const ended: DomainEvent[] =
      whole && fundsCurrentPeriod
        ? [
            {
              type: 'SubscriptionExpired',
              data: { user_id: command.workspaceId, plan_type: subscription.planType, period_end: command.now.toISOString(), reason: 'refunded' },
            },
          ]
        : [];
    return { order: [refunded], subscription: ended };
  },
};

/** Given a captured order, when its receipt has been e-mailed, then that is recorded so it is not sent again. */
export const receiptEmailedDecider: Decider<{ orderId: string }, PaymentOrderState> = {
  streamOf: (command) => orderStream(command.orderId),
  initialState: noOrder,
  evolve: evolveOrder,
  decide: (command, state) =>
    !state.captured || state.receiptEmailed ? [] : [{ type: 'ReceiptEmailed', data: { order_id: command.orderId, user_id: state.captured.user_id } }],
};
