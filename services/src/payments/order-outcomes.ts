import type { DomainEvent } from '@linkledger/contracts';
import type { Decider, MultiStreamDecider } from '../commands/command-handler.ts';
import { conflict, notFound } from '../commands/domain-error.ts';
import { evolveSubscription, noSubscription, paidPeriodRuns, type SubscriptionState } from '../billing/index.ts';
import { evolveOrder, noOrder, orderStream, type OrderCreated, type PaymentOrderState } from './payment-order.ts';
import { ORDER_NOT_FOUND } from './capture-payment.ts';

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
  userId: number;
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
    subscription: { stream: `subscription-${command.userId}`, initialState: noSubscription, evolve: evolveSubscription },
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
              data: { user_id: command.userId, plan_type: subscription.planType, period_end: command.now.toISOString(), reason: 'refunded' },
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
