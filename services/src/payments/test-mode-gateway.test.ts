import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describePaymentGatewayContract, type ContractSubject } from './payment-gateway.contract.ts';
import { createTestModeGateway, TEST_MODE_CARD, TEST_MODE_KEY_ID, type TestModeGateway } from './test-mode-gateway.ts';
import { createEventTestModeLedger } from './event-test-mode-ledger.ts';
import { SqliteEventStore } from '../stores/events/sqlite-event-store.ts';
import { signCheckoutResult } from './signatures.ts';

const SECRET = 'installation-test-secret-0123456789';

function subjectOf(gateway: TestModeGateway, close = async () => {}): ContractSubject {
  return {
    gateway,
    expectedCard: { ...TEST_MODE_CARD },
    async pay(order) {
      const result = await gateway.completeTestPayment(order.orderId, 'pay');
      if (result.outcome !== 'paid') throw new Error('expected a paid outcome');
      return { orderId: result.razorpay_order_id, paymentId: result.razorpay_payment_id, signature: result.razorpay_signature };
    },
    async fail(order) {
      const result = await gateway.completeTestPayment(order.orderId, 'fail');
      if (result.outcome !== 'failed') throw new Error('expected a failed outcome');
      return result.error.metadata.payment_id;
    },
    signWebhook: (rawBody) => gateway.signWebhookBody(rawBody),
    close,
  };
}

describePaymentGatewayContract('test mode (in memory)', async () => subjectOf(createTestModeGateway({ secret: SECRET })));

describePaymentGatewayContract('test mode (records in the event log)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'linkledger-test-gateway-'));
  const events = new SqliteEventStore(join(dir, 'events.db'));
  const gateway = createTestModeGateway({ secret: SECRET, ledger: createEventTestModeLedger(events, () => new Date()) });
  return subjectOf(gateway, async () => {
    await events.close();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('test mode on the event log', () => {
  it('pays an order created before a restart, once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'linkledger-test-gateway-'));
    try {
      const first = new SqliteEventStore(join(dir, 'events.db'));
      const before = createTestModeGateway({ secret: SECRET, ledger: createEventTestModeLedger(first, () => new Date()) });
      const order = await before.createOrder({ amountPaise: 99_900, currency: 'INR', receipt: 'r1', notes: { plan_type: 'pro' } });
      await first.close();

      const second = new SqliteEventStore(join(dir, 'events.db'));
      const after = createTestModeGateway({ secret: SECRET, ledger: createEventTestModeLedger(second, () => new Date()) });
      const paid = await after.completeTestPayment(order.orderId, 'pay');
      if (paid.outcome !== 'paid') throw new Error('expected paid');
      expect(await after.fetchPayment(paid.razorpay_payment_id)).toMatchObject({ orderId: order.orderId, status: 'captured', amountPaise: 99_900 });
      await expect(after.completeTestPayment(order.orderId, 'pay')).rejects.toMatchObject({ kind: 'invalid-request' });
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('test mode specifics', () => {
  it('completes with the three values checkout returns, signed with the installation secret', async () => {
    const gateway = createTestModeGateway({ secret: SECRET });
    const order = await gateway.createOrder({ amountPaise: 99_900, currency: 'INR', receipt: 'r1', notes: {} });
    expect(order.orderId).toMatch(/^order_test_[0-9A-Za-z]{14}$/);
    expect(order.keyId).toBe(TEST_MODE_KEY_ID);
    const result = await gateway.completeTestPayment(order.orderId, 'pay');
    expect(Object.keys(result).sort()).toEqual(['outcome', 'razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature']);
    if (result.outcome !== 'paid') throw new Error('expected paid');
    expect(result.razorpay_payment_id).toMatch(/^pay_test_/);
    expect(result.razorpay_signature).toBe(signCheckoutResult(SECRET, order.orderId, result.razorpay_payment_id));
  });

  it('does not verify a signature made with another installation secret', async () => {
    const ours = createTestModeGateway({ secret: SECRET });
    const theirs = createTestModeGateway({ secret: 'another-installation-secret-xyz' });
    const order = await theirs.createOrder({ amountPaise: 10_000, currency: 'INR', receipt: 'r2', notes: {} });
    const result = await theirs.completeTestPayment(order.orderId, 'pay');
    if (result.outcome !== 'paid') throw new Error('expected paid');
    expect(
      ours.verifyPaymentSignature({ orderId: result.razorpay_order_id, paymentId: result.razorpay_payment_id, signature: result.razorpay_signature }),
    ).toBe(false);
  });

  it('refuses to pay an unknown order or one already paid', async () => {
    const gateway = createTestModeGateway({ secret: SECRET });
    await expect(gateway.completeTestPayment('order_test_nope', 'pay')).rejects.toMatchObject({ kind: 'not-found' });
    const order = await gateway.createOrder({ amountPaise: 10_000, currency: 'INR', receipt: 'r3', notes: {} });
    await gateway.completeTestPayment(order.orderId, 'fail');
    await gateway.completeTestPayment(order.orderId, 'pay');
    await expect(gateway.completeTestPayment(order.orderId, 'pay')).rejects.toMatchObject({ kind: 'invalid-request' });
  });

  it('refuses a short secret at start-up', () => {
    expect(() => createTestModeGateway({ secret: 'short' })).toThrow(/at least 16/);
  });
});
