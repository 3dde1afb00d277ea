import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RazorpayCardEntity, RazorpayOrderEntity, RazorpayPaymentEntity, RazorpayPaymentStatus } from '../razorpay-entities.ts';
import { randomBase62 } from '../random-id.ts';
import { hmacSha256Hex, signCheckoutResult } from '../signatures.ts';

/**
 * A local stand-in for the parts of Razorpay's REST API the adapter calls (create and fetch
 * orders, fetch payments), with Razorpay's basic auth, entity shapes and error bodies, so the
 * real `razorpay` client can be tested end to end without the network. Payments are put in
 * place with `registerPayment`, standing in for a customer at checkout.
 */

export type PaymentInstrument =
  | { method: 'card'; card?: { network?: string; last4?: string; type?: RazorpayCardEntity['type'] } }
  | { method: 'upi'; vpa: string }
  | { method: 'netbanking'; bank: string }
  | { method: 'wallet'; wallet: string };

interface RegisteredPayment {
  payment: RazorpayPaymentEntity;
  /** What Razorpay's checkout would hand the browser for a successful payment. */
  checkout: { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
}

export interface RazorpayApiServer {
  /** Base address for RAZORPAY_API_URL, e.g. http://127.0.0.1:PORT */
  url: string;
  registerPayment(
    orderId: string,
    status: RazorpayPaymentStatus,
    instrument?: PaymentInstrument,
    customer?: { email?: string; contact?: string },
  ): RegisteredPayment;
  /** A webhook delivery as Razorpay sends it: raw JSON body, signature and event id headers. */
  webhook(event: 'payment.captured' | 'payment.failed' | 'order.paid', paymentId: string): { rawBody: Buffer; headers: Record<string, string> };
  /** Every request received, for assertions about what the client sent. */
  readonly requests: ReadonlyArray<{ method: string; path: string; body: unknown }>;
  close(): Promise<void>;
}

interface ErrorBody {
  error: {
    code: 'BAD_REQUEST_ERROR' | 'SERVER_ERROR';
    description: string;
    source: string;
    step: string;
    reason: string;
    metadata: Record<string, never>;
    field?: string;
  };
}

function errorBody(description: string, field?: string): ErrorBody {
  return { error: { code: 'BAD_REQUEST_ERROR', description, source: 'NA', step: 'NA', reason: 'NA', metadata: {}, ...(field ? { field } : {}) } };
}

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function isAuthorised(request: IncomingMessage, keyId: string, keySecret: string): boolean {
  const header = request.headers.authorization ?? '';
  if (!header.startsWith('Basic ')) return false;
  return Buffer.from(header.slice(6), 'base64').toString('utf8') === `${keyId}:${keySecret}`;
}

function stringNotes(value: unknown): Record<string, string> | [] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  return Object.fromEntries(Object.entries(value).map(([key, note]) => [key, String(note)]));
}

/** Validates a create-order body the way Razorpay does for the fields we send. */
function orderFromBody(body: unknown, nowSeconds: number): RazorpayOrderEntity | ErrorBody {
  if (typeof body !== 'object' || body === null) return errorBody('The request body must be a JSON object.');
  const { amount, currency, receipt, notes } = body as Record<string, unknown>;
  if (typeof amount !== 'number' || !Number.isInteger(amount)) return errorBody('The amount must be an integer.', 'amount');
  if (currency !== 'INR') return errorBody('Currency is not supported', 'currency');
  if (amount < 100) return errorBody('The amount must be at least INR 1.00', 'amount');
  if (receipt !== undefined && (typeof receipt !== 'string' || receipt.length > 40))
    return errorBody('The receipt may not be greater than 40 characters.', 'receipt');
  return {
    id: `order_${randomBase62()}`,
    entity: 'order',
    amount,
    amount_paid: 0,
    amount_due: amount,
    currency,
    receipt: typeof receipt === 'string' ? receipt : null,
    offer_id: null,
    status: 'created',
    attempts: 0,
    notes: stringNotes(notes),
    created_at: nowSeconds,
  };
}

export async function startRazorpayApiServer(options: {
  keyId: string;
  keySecret: string;
  webhookSecret?: string;
  now?: () => Date;
}): Promise<RazorpayApiServer> {
  const orders = new Map<string, RazorpayOrderEntity>();
  const payments = new Map<string, RazorpayPaymentEntity>();
  const requests: Array<{ method: string; path: string; body: unknown }> = [];
  const nowSeconds = () => Math.floor((options.now?.() ?? new Date()).getTime() / 1000);

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? 'GET';
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const raw = await readBody(request);
    let body: unknown = undefined;
    if (raw !== '') {
      try {
        body = JSON.parse(raw);
      } catch {
        requests.push({ method, path, body: raw });
        return send(response, 400, errorBody('The request body is not valid JSON.'));
      }
    }
    requests.push({ method, path, body });
    if (!isAuthorised(request, options.keyId, options.keySecret)) return send(response, 401, errorBody('Authentication failed'));

    if (method === 'POST' && path === '/v1/orders') {
      const result = orderFromBody(body, nowSeconds());
      if ('error' in result) return send(response, 400, result);
      orders.set(result.id, result);
      return send(response, 200, result);
    }
    const entity = /^\/v1\/(orders|payments)\/([^/]+)$/.exec(path);
    if (method === 'GET' && entity) {
      const found = entity[1] === 'orders' ? orders.get(entity[2] ?? '') : payments.get(entity[2] ?? '');
      return found ? send(response, 200, found) : send(response, 400, errorBody('The id provided does not exist'));
    }
    return send(response, 404, errorBody('The requested URL was not found on the server.'));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      send(response, 500, {
        error: { code: 'SERVER_ERROR', description: `Test server failed: ${String(error)}`, source: 'NA', step: 'NA', reason: 'NA', metadata: {} },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;

  function registerPayment(
    orderId: string,
    status: RazorpayPaymentStatus,
    instrument: PaymentInstrument = { method: 'card' },
    customer: { email?: string; contact?: string } = {},
  ): RegisteredPayment {
    const order = orders.get(orderId);
    if (!order) throw new Error(`registerPayment: no order ${orderId} on the test Razorpay server`);
    const id = `pay_${randomBase62()}`;
    const card: RazorpayCardEntity | null =
      instrument.method === 'card'
        ? {
            id: `card_${randomBase62()}`,
            entity: 'card',
            name: '',
            last4: instrument.card?.last4 ?? '1111',
            network: instrument.card?.network ?? 'Visa',
            type: instrument.card?.type ?? 'debit',
            issuer: null,
            international: false,
            emi: false,
            sub_type: 'consumer',
            token_iin: null,
          }
        : null;
    const failed = status === 'failed';
    const payment: RazorpayPaymentEntity = {
      id,
      entity: 'payment',
      amount: order.amount,
      currency: order.currency,
      status,
      order_id: order.id,
      invoice_id: null,
      international: false,
      method: instrument.method,
      amount_refunded: status === 'refunded' ? order.amount : 0,
      refund_status: status === 'refunded' ? 'full' : null,
      captured: status === 'captured' || status === 'refunded',
      description: null,
      card_id: card?.id ?? null,
      card,
      bank: instrument.method === 'netbanking' ? instrument.bank : null,
      wallet: instrument.method === 'wallet' ? instrument.wallet : null,
      vpa: instrument.method === 'upi' ? instrument.vpa : null,
      email: customer.email ?? 'buyer@example.com',
      contact: customer.contact ?? '+919000090000',
      notes: [],
      fee: failed ? null : Math.round(order.amount * 0.02),
      tax: failed ? null : 0,
      error_code: failed ? 'BAD_REQUEST_ERROR' : null,
      error_description: failed ? 'Payment processing failed because of incorrect OTP' : null,
      error_source: failed ? 'customer' : null,
      error_step: failed ? 'payment_authentication' : null,
      error_reason: failed ? 'incorrect_otp' : null,
      created_at: nowSeconds(),
    };
    payments.set(id, payment);
    order.attempts += 1;
    if (payment.captured) {
      order.amount_paid = order.amount;
      order.amount_due = 0;
      order.status = 'paid';
    } else if (order.status === 'created') {
      order.status = 'attempted';
    }
    return {
      payment,
      checkout: { razorpay_payment_id: id, razorpay_order_id: order.id, razorpay_signature: signCheckoutResult(options.keySecret, order.id, id) },
    };
  }

  function webhook(event: 'payment.captured' | 'payment.failed' | 'order.paid', paymentId: string) {
    if (!options.webhookSecret) throw new Error('webhook: start the test Razorpay server with a webhookSecret');
    const payment = payments.get(paymentId);
    if (!payment) throw new Error(`webhook: no payment ${paymentId} on the test Razorpay server`);
    const order = orders.get(payment.order_id);
    const payload = event === 'order.paid' ? { payment: { entity: payment }, order: { entity: order } } : { payment: { entity: payment } };
    const rawBody = Buffer.from(
      JSON.stringify({ entity: 'event', account_id: 'acc_TestServer0001', event, contains: Object.keys(payload), payload, created_at: nowSeconds() }),
    );
    return {
      rawBody,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': hmacSha256Hex(options.webhookSecret, rawBody),
        'x-razorpay-event-id': `evt_${randomBase62()}`,
      },
    };
  }

  return {
    url: `http://127.0.0.1:${port}`,
    registerPayment,
    webhook,
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
