import type { DomainEvent, EventData } from '@linkledger/contracts';
import type { EventEnvelope } from '../commands/event-port.ts';

export type OrderCreated = EventData['PaymentOrderCreated'];
type Captured = EventData['PaymentCaptured'] & { at: string };
type Requoted = EventData['PaymentRequoted'];

/** One order as its stream (`payment-order-{orderId}`) tells it. */
export interface PaymentOrderState {
  order: (OrderCreated & { at: string }) | null;
  captured: Captured | null;
  /** Payment ids whose failure is recorded: a redelivered failure changes nothing. */
  failedPayments: readonly string[];
  refunds: readonly string[];
  refundedPaise: number;
  receiptEmailed: boolean;
  /** Set when the payment bought something other than the order said (capture-settlement.ts). */
  requoted: Requoted | null;
}

export const noOrder: PaymentOrderState = {
  order: null,
  captured: null,
  failedPayments: [],
  refunds: [],
  refundedPaise: 0,
  receiptEmailed: false,
  requoted: null,
};

export const orderStream = (orderId: string) => `payment-order-${orderId}`;

export function evolveOrder(state: PaymentOrderState, event: DomainEvent, envelope: EventEnvelope): PaymentOrderState {
  switch (event.type) {
    case 'PaymentOrderCreated':
      return { ...state, order: { ...event.data, at: envelope.metadata.at } };
    case 'PaymentCaptured':
      return { ...state, captured: { ...event.data, at: envelope.metadata.at } };
    case 'PaymentFailed':
      return { ...state, failedPayments: [...state.failedPayments, event.data.payment_id] };
    case 'PaymentRefunded':
      return { ...state, refunds: [...state.refunds, event.data.refund_id], refundedPaise: state.refundedPaise + event.data.amount_paise };
    case 'PaymentRequoted':
      return { ...state, requoted: event.data };
    case 'ReceiptEmailed':
      return { ...state, receiptEmailed: true };
    default:
      return state;
  }
}

export const RECEIPTS_STREAM = 'receipts';

/** The sequence of the last receipt issued (read from the stream's last event alone): the next number follows. */
export function evolveReceiptCount(count: number, event: DomainEvent): number {
  return event.type === 'ReceiptIssued' ? Number(event.data.receipt_number.slice('LL-'.length)) : count;
}

/** `LL-000001`: one sequence for the installation, as GST invoices need. */
export const receiptNumber = (sequence: number) => `LL-${String(sequence).padStart(6, '0')}`;
