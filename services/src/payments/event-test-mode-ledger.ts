import { randomUUID } from 'node:crypto';
import { domainEventOf, type EventStore, type RecordedEvent } from '@linkledger/contracts';
import { metadataFor, toNewEvent, type CommandContext } from '../commands/command-context.ts';
import { recordFact } from '../commands/record-fact.ts';
import type { TestModeLedger, TestOrderRecord, TestPaymentRecord } from './test-mode-ledger.ts';

const orderStream = (orderId: string) => `test-gateway-order-${orderId}`;
const paymentStream = (paymentId: string) => `test-gateway-payment-${paymentId}`;

/**
 * Test mode's gateway records kept in the log, as Razorpay keeps its own: an order created
 * before a restart can still be paid after it, by whichever process serves the checkout.
 * A payment is written to its order's stream (at the revision read, so an order is paid
 * once even when two clicks race) and to its own stream, for lookup by payment id.
 */
export function createEventTestModeLedger(events: EventStore, clock: () => Date): TestModeLedger {
  const context = (): CommandContext => ({ actor: { kind: 'system', id: 'payments-test-mode' }, correlationId: randomUUID(), now: clock() });
  const metadata = () => metadataFor(context());
  const payment = (recorded: RecordedEvent): TestPaymentRecord | null => {
    const event = domainEventOf(recorded);
    if (event?.type !== 'TestGatewayPaymentMade') return null;
    const { payment_id, order_id, amount_paise, status } = event.data;
    return { paymentId: payment_id, orderId: order_id, amountPaise: amount_paise, status, createdAt: recorded.metadata.at };
  };

  return {
    async saveOrder(order) {
      const event = {
        type: 'TestGatewayOrderCreated' as const,
        data: { order_id: order.orderId, amount_paise: order.amountPaise, receipt: order.receipt, notes: order.notes },
      };
      await recordFact(events, context(), { stream: orderStream(order.orderId), event, expected: 'no_stream' });
    },

    async findOrder(orderId): Promise<TestOrderRecord | undefined> {
      const [first] = await events.readStream(orderStream(orderId));
      const event = first && domainEventOf(first);
      if (event?.type !== 'TestGatewayOrderCreated') return undefined;
      return {
        orderId,
        amountPaise: event.data.amount_paise,
        currency: 'INR',
        receipt: event.data.receipt,
        notes: event.data.notes,
        createdAt: first!.metadata.at,
      };
    },

    async savePayment(record) {
      const order = await events.readStream(orderStream(record.orderId));
      const data = { payment_id: record.paymentId, order_id: record.orderId, amount_paise: record.amountPaise, status: record.status };
      const event = { type: 'TestGatewayPaymentMade' as const, data };
      await events.append([
        { stream: orderStream(record.orderId), expected: order.at(-1)?.revision ?? 'no_stream', events: [toNewEvent(event, metadata())] },
        { stream: paymentStream(record.paymentId), expected: 'no_stream', events: [toNewEvent(event, metadata())] },
      ]);
    },

    async findPayment(paymentId) {
      const [first] = await events.readStream(paymentStream(paymentId));
      return (first && payment(first)) ?? undefined;
    },

    async paymentsForOrder(orderId) {
      return (await events.readStream(orderStream(orderId))).map(payment).filter((found): found is TestPaymentRecord => found !== null);
    },
  };
}
