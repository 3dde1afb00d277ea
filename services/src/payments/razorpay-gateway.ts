import type { CreatedOrder, OrderRequest, PaymentDetails, PaymentGateway, PaymentMethodKind, SignedCheckoutResult } from './payment-gateway.ts';
import { PaymentGatewayError } from './payment-gateway-error.ts';
import { assertValidOrderRequest } from './order-request.ts';
import { maskAddress } from '../formats/masked-address.ts';
import { createRazorpayClient, RAZORPAY_DEFAULT_API_URL } from './razorpay-client.ts';
import { razorpayOrderSchema, razorpayPaymentSchema } from './razorpay-entities.ts';
import { toPaymentGatewayError } from './razorpay-errors.ts';
import { verifyBodySignature, verifyCheckoutSignature } from './signatures.ts';

interface RazorpayGatewayConfig {
  /** RAZORPAY_KEY_ID: public, handed to checkout. */
  keyId: string;
  /** RAZORPAY_KEY_SECRET: API basic auth and checkout signatures. */
  keySecret: string;
  /** RAZORPAY_WEBHOOK_SECRET: set per webhook in the dashboard, distinct from the key secret. */
  webhookSecret: string;
  /** RAZORPAY_API_URL: defaults to Razorpay's own address. */
  apiUrl?: string;
  timeoutMs?: number;
}

const KNOWN_METHODS: readonly PaymentMethodKind[] = ['card', 'upi', 'netbanking', 'wallet', 'emi'];

/** The Razorpay adapter: orders and payments through the official client, signatures locally. */
export function createRazorpayGateway(config: RazorpayGatewayConfig): PaymentGateway {
  const apiUrl = config.apiUrl ?? RAZORPAY_DEFAULT_API_URL;
  const client = createRazorpayClient({ keyId: config.keyId, keySecret: config.keySecret, apiUrl, timeoutMs: config.timeoutMs ?? 15_000 });

  async function call<T>(action: string, request: () => Promise<unknown>, read: (body: unknown) => T): Promise<T> {
    let body: unknown;
    try {
      body = await request();
    } catch (rejection) {
      throw toPaymentGatewayError(rejection, { keyId: config.keyId, apiUrl, action });
    }
    try {
      return read(body);
    } catch (cause) {
      throw new PaymentGatewayError('unexpected-response', `Razorpay's answer to ${action} was not in the documented shape.`, {}, { cause });
    }
  }

  return {
    mode: 'razorpay',

    async createOrder(request: OrderRequest): Promise<CreatedOrder> {
      assertValidOrderRequest(request);
      const order = await call(
        'create an order',
        () => client.orders.create({ amount: request.amountPaise, currency: request.currency, receipt: request.receipt, notes: request.notes }),
        (body) => razorpayOrderSchema.parse(body),
      );
      if (order.amount !== request.amountPaise || order.currency !== request.currency) {
        throw new PaymentGatewayError(
          'unexpected-response',
          `Razorpay created order ${order.id} for ${order.amount} ${order.currency}, not ${request.amountPaise} ${request.currency}.`,
        );
      }
      return { orderId: order.id, amountPaise: order.amount, currency: 'INR', keyId: config.keyId };
    },

    async fetchPayment(paymentId: string): Promise<PaymentDetails> {
      // The client throws synchronously on an empty id; answer it like any unknown id.
      if (paymentId === '') throw new PaymentGatewayError('not-found', 'No payment id was given.');
      const payment = await call(
        `fetch payment ${paymentId}`,
        () => client.payments.fetch(paymentId),
        (body) => razorpayPaymentSchema.parse(body),
      );
      if (payment.order_id === null) {
        throw new PaymentGatewayError(
          'unexpected-response',
          `Razorpay payment ${payment.id} belongs to no order; this installation only creates payments through orders.`,
        );
      }
      const method = KNOWN_METHODS.find((known) => known === payment.method) ?? 'other';
      const vpa = payment.vpa ?? payment.upi?.vpa;
      const card = payment.card;
      return {
        id: payment.id,
        orderId: payment.order_id,
        status: payment.status,
        amountPaise: payment.amount,
        currency: payment.currency,
        method,
        ...(card?.network && card.last4 ? { card: { network: card.network, last4: card.last4 } } : {}),
        ...(vpa ? { vpa: maskAddress(vpa) } : {}),
        ...(payment.bank ? { bank: payment.bank } : {}),
        ...(payment.wallet ? { wallet: payment.wallet } : {}),
        ...(payment.email ? { email: payment.email } : {}),
      };
    },

    verifyPaymentSignature(result: SignedCheckoutResult): boolean {
      return verifyCheckoutSignature(config.keySecret, result);
    },

    verifyWebhookSignature(rawBody: Buffer, signature: string): boolean {
      return verifyBodySignature(config.webhookSecret, rawBody, signature);
    },
  };
}
