import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describePaymentGatewayContract } from './payment-gateway.contract.ts';
import { PaymentGatewayError } from './payment-gateway-error.ts';
import { createRazorpayGateway } from './razorpay-gateway.ts';
import { hmacSha256Hex } from './signatures.ts';
import { startRazorpayApiServer, type RazorpayApiServer } from './testing/razorpay-api-server.ts';

const KEYS = { keyId: 'rzp_test_Contract00001', keySecret: 'contract-key-secret', webhookSecret: 'contract-webhook-secret' };

describePaymentGatewayContract('Razorpay (official client against the local API server)', async () => {
  const server = await startRazorpayApiServer(KEYS);
  const gateway = createRazorpayGateway({ ...KEYS, apiUrl: server.url });
  return {
    gateway,
    expectedCard: { network: 'MasterCard', last4: '5449' },
    async pay(order) {
      const { checkout } = server.registerPayment(order.orderId, 'captured', { method: 'card', card: { network: 'MasterCard', last4: '5449' } });
      return { orderId: checkout.razorpay_order_id, paymentId: checkout.razorpay_payment_id, signature: checkout.razorpay_signature };
    },
    fail: async (order) => server.registerPayment(order.orderId, 'failed').payment.id,
    signWebhook: (rawBody) => hmacSha256Hex(KEYS.webhookSecret, rawBody),
    close: () => server.close(),
  };
});

describe('Razorpay adapter specifics', () => {
  let server: RazorpayApiServer;
  beforeAll(async () => {
    server = await startRazorpayApiServer(KEYS);
  });
  afterAll(() => server.close());

  it('sends the order to Razorpay with basic auth, amount in paise, receipt and notes', async () => {
    const gateway = createRazorpayGateway({ ...KEYS, apiUrl: server.url });
    const order = await gateway.createOrder({ amountPaise: 1_199_900, currency: 'INR', receipt: 'rcpt_yearly', notes: { plan_type: 'enterprise' } });
    expect(order.keyId).toBe(KEYS.keyId);
    expect(server.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/v1/orders',
      body: { amount: 1_199_900, currency: 'INR', receipt: 'rcpt_yearly', notes: { plan_type: 'enterprise' } },
    });
  });

  // Test mode pays by test card only; a UPI payment is Razorpay's.
  it('masks the UPI id of a UPI payment', async () => {
    const gateway = createRazorpayGateway({ ...KEYS, apiUrl: server.url });
    const created = await gateway.createOrder({ amountPaise: 19_900, currency: 'INR', receipt: 'rcpt_upi', notes: {} });
    const paymentId = server.registerPayment(created.orderId, 'captured', { method: 'upi', vpa: 'gaurav.kumar@okhdfc' }).payment.id;
    const payment = await gateway.fetchPayment(paymentId);
    expect(payment.method).toBe('upi');
    expect(payment.vpa).toBe('ga****@okhdfc');
    expect(payment.card).toBeUndefined();
  });

  it('turns bad credentials into an authentication error that says what to fix', async () => {
    const gateway = createRazorpayGateway({ ...KEYS, keySecret: 'wrong-secret', apiUrl: server.url });
    const error = await gateway.createOrder({ amountPaise: 10_000, currency: 'INR', receipt: 'r', notes: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentGatewayError);
    expect(error).toMatchObject({ kind: 'authentication', details: { httpStatus: 401, gatewayCode: 'BAD_REQUEST_ERROR' } });
    expect((error as Error).message).toContain('RAZORPAY_KEY_ID');
    expect((error as Error).message).toContain('RAZORPAY_KEY_SECRET');
    expect((error as Error).message).toContain(KEYS.keyId);
    expect((error as Error).message).not.toContain('wrong-secret');
  });

  it('reports an unreachable API as unavailable, naming the address', async () => {
    const closed = await startRazorpayApiServer(KEYS);
    await closed.close();
    const gateway = createRazorpayGateway({ ...KEYS, apiUrl: closed.url, timeoutMs: 2_000 });
    await expect(gateway.fetchPayment('pay_Anything000000')).rejects.toMatchObject({ kind: 'unavailable', message: expect.stringContaining(closed.url) });
  });

  it('reads netbanking and wallet payments and masks nothing it should keep', async () => {
    const gateway = createRazorpayGateway({ ...KEYS, apiUrl: server.url });
    const first = await gateway.createOrder({ amountPaise: 10_000, currency: 'INR', receipt: 'nb', notes: {} });
    const byBank = server.registerPayment(first.orderId, 'captured', { method: 'netbanking', bank: 'HDFC' }, { email: 'asha@example.com' });
    await expect(gateway.fetchPayment(byBank.payment.id)).resolves.toEqual({
      id: byBank.payment.id,
      orderId: first.orderId,
      status: 'captured',
      amountPaise: 10_000,
      currency: 'INR',
      method: 'netbanking',
      bank: 'HDFC',
      email: 'asha@example.com',
    });
    const second = await gateway.createOrder({ amountPaise: 10_000, currency: 'INR', receipt: 'wl', notes: {} });
    const byWallet = server.registerPayment(second.orderId, 'captured', { method: 'wallet', wallet: 'paytm' });
    await expect(gateway.fetchPayment(byWallet.payment.id)).resolves.toMatchObject({ method: 'wallet', wallet: 'paytm' });
  });

  it('builds webhook deliveries the adapter verifies', async () => {
    const gateway = createRazorpayGateway({ ...KEYS, apiUrl: server.url });
    const order = await gateway.createOrder({ amountPaise: 10_000, currency: 'INR', receipt: 'wh', notes: {} });
    const { payment } = server.registerPayment(order.orderId, 'captured');
    const delivery = server.webhook('order.paid', payment.id);
    expect(gateway.verifyWebhookSignature(delivery.rawBody, delivery.headers['x-razorpay-signature'] ?? '')).toBe(true);
    expect(delivery.headers['x-razorpay-event-id']).toMatch(/^evt_/);
    expect(JSON.parse(delivery.rawBody.toString())).toMatchObject({
      event: 'order.paid',
      contains: ['payment', 'order'],
      payload: { order: { entity: { status: 'paid', amount_paid: 10_000 } } },
    });
  });
});
