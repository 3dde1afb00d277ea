import { ORDER_PAYABLE_MS } from '@linkledger/contracts';
import type { CreatedOrder, OrderRequest, PaymentDetails, PaymentGateway, SignedCheckoutResult } from './payment-gateway.ts';
import { PaymentGatewayError } from './payment-gateway-error.ts';
import { assertValidOrderRequest } from './order-request.ts';
import { randomBase62 } from './random-id.ts';
import { createInMemoryTestModeLedger, type TestModeLedger } from './test-mode-ledger.ts';
import { hmacSha256Hex, signCheckoutResult, verifyBodySignature, verifyCheckoutSignature } from './signatures.ts';

/** Not a Razorpay key, so it can never be handed to Razorpay's checkout by mistake. */
export const TEST_MODE_KEY_ID = 'test_mode_local';

/** The instrument every test-mode payment is made with: plainly not a real card. */
export const TEST_MODE_CARD = { network: 'Test', last4: '4242' } as const;

/** What the local checkout hands the browser, field for field as Razorpay's checkout does. */
interface TestCheckoutSuccess {
  outcome: 'paid';
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

/** Razorpay's checkout reports a failure as an error with the ids in metadata and no signature. */
interface TestCheckoutFailure {
  outcome: 'failed';
  error: {
    code: 'BAD_REQUEST_ERROR';
    description: string;
    source: 'customer';
    step: 'payment_authorization';
    reason: 'payment_failed';
    metadata: { payment_id: string; order_id: string };
  };
}

export interface TestModeGateway extends PaymentGateway {
  readonly mode: 'test';
  /** What the local checkout's Pay and Fail buttons call. */
  completeTestPayment(orderId: string, outcome: 'pay' | 'fail'): Promise<TestCheckoutSuccess | TestCheckoutFailure>;
  /** Signs a webhook body as Razorpay would, so test mode can deliver its own webhooks. */
  signWebhookBody(rawBody: Buffer): string;
}

interface TestModeConfig {
  /** The installation's test secret: signs checkout results and webhooks in test mode. */
  secret: string;
  ledger?: TestModeLedger;
  now?: () => Date;
}

/** Razorpay-like ids (prefix + 14 characters) marked as test ones. */
function newId(prefix: 'order' | 'pay'): string {
  return `${prefix}_test_${randomBase62()}`;
}

/** An order test mode made: no money moved for it, whatever mode the installation runs in now (Razorpay's ids have no second underscore). */
export const isTestModeOrder = (orderId: string): boolean => orderId.startsWith('order_test_');

/** The embedded default: orders and payments live here, nothing leaves the machine. */
export function createTestModeGateway(config: TestModeConfig): TestModeGateway {
  if (config.secret.length < 16) throw new Error('The test-mode secret must be at least 16 characters.');
  const ledger = config.ledger ?? createInMemoryTestModeLedger();
  const now = config.now ?? (() => new Date());

  return {
    mode: 'test',

    async createOrder(request: OrderRequest): Promise<CreatedOrder> {
      assertValidOrderRequest(request);
      const orderId = newId('order');
      await ledger.saveOrder({
        orderId,
        amountPaise: request.amountPaise,
        currency: request.currency,
        receipt: request.receipt,
        notes: request.notes,
        createdAt: now().toISOString(),
      });
      return { orderId, amountPaise: request.amountPaise, currency: 'INR', keyId: TEST_MODE_KEY_ID };
    },

    async completeTestPayment(orderId, outcome) {
      const order = await ledger.findOrder(orderId);
      if (!order) throw new PaymentGatewayError('not-found', `There is no test-mode order ${orderId}.`);
      // Like Razorpay, a paid order takes no further payment.
      const paid = (await ledger.paymentsForOrder(orderId)).some((payment) => payment.status === 'captured');
      if (paid) throw new PaymentGatewayError('invalid-request', `Test-mode order ${orderId} is already paid.`);
      if (now().getTime() - Date.parse(order.createdAt) > ORDER_PAYABLE_MS) {
        throw new PaymentGatewayError(
          'invalid-request',
          `Test-mode order ${orderId} has expired: an order can be paid for 30 minutes. Start again from the pricing page.`,
        );
      }
      const paymentId = newId('pay');
      const status = outcome === 'pay' ? 'captured' : 'failed';
      await ledger.savePayment({ paymentId, orderId, amountPaise: order.amountPaise, status, createdAt: now().toISOString() });
      if (status === 'failed') {
        return {
          outcome: 'failed',
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: 'The test payment was declined (Fail was chosen on the test checkout).',
            source: 'customer',
            step: 'payment_authorization',
            reason: 'payment_failed',
            metadata: { payment_id: paymentId, order_id: orderId },
          },
        };
      }
      return {
        outcome: 'paid',
        razorpay_payment_id: paymentId,
        razorpay_order_id: orderId,
        razorpay_signature: signCheckoutResult(config.secret, orderId, paymentId),
      };
    },

    async fetchPayment(paymentId: string): Promise<PaymentDetails> {
      const payment = await ledger.findPayment(paymentId);
      if (!payment) throw new PaymentGatewayError('not-found', `There is no test-mode payment ${paymentId}.`);
      return {
        id: payment.paymentId,
        orderId: payment.orderId,
        status: payment.status,
        amountPaise: payment.amountPaise,
        currency: 'INR',
        method: 'card',
        card: { ...TEST_MODE_CARD },
      };
    },

    verifyPaymentSignature(result: SignedCheckoutResult): boolean {
      return verifyCheckoutSignature(config.secret, result);
    },

    verifyWebhookSignature(rawBody: Buffer, signature: string): boolean {
      return verifyBodySignature(config.secret, rawBody, signature);
    },

    signWebhookBody(rawBody: Buffer): string {
      return hmacSha256Hex(config.secret, rawBody);
    },
  };
}
