/**
 * What test mode remembers about its orders and payments. An interface so the lead can back
 * it with events (orders and payments survive restarts); the in-memory one serves tests and
 * a single-process run.
 */
export interface TestOrderRecord {
  orderId: string;
  amountPaise: number;
  currency: 'INR';
  receipt: string;
  notes: Record<string, string>;
  createdAt: string;
}

export interface TestPaymentRecord {
  paymentId: string;
  orderId: string;
  amountPaise: number;
  status: 'captured' | 'failed';
  createdAt: string;
}

export interface TestModeLedger {
  saveOrder(order: TestOrderRecord): Promise<void>;
  findOrder(orderId: string): Promise<TestOrderRecord | undefined>;
  savePayment(payment: TestPaymentRecord): Promise<void>;
  findPayment(paymentId: string): Promise<TestPaymentRecord | undefined>;
  paymentsForOrder(orderId: string): Promise<TestPaymentRecord[]>;
}

export function createInMemoryTestModeLedger(): TestModeLedger {
  const orders = new Map<string, TestOrderRecord>();
  const payments = new Map<string, TestPaymentRecord>();
  return {
    async saveOrder(order) {
      orders.set(order.orderId, { ...order, notes: { ...order.notes } });
    },
    async findOrder(orderId) {
      return orders.get(orderId);
    },
    async savePayment(payment) {
      payments.set(payment.paymentId, { ...payment });
    },
    async findPayment(paymentId) {
      return payments.get(paymentId);
    },
    async paymentsForOrder(orderId) {
      return [...payments.values()].filter((payment) => payment.orderId === orderId);
    },
  };
}
