import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { TestApp } from '../../testing/test-app.ts';

type Headers = Record<string, string>;

/** The calls a buyer's browser makes to pay in test mode, and the gateway's webhook calls, for the payment tests. */
export async function intent(app: FastifyInstance, headers: Headers, plan_type: string, billing_cycle: string) {
  return app.inject({ method: 'POST', url: '/api/payment/create-intent', headers, payload: { plan_type, billing_cycle } });
}

/** Opens the local test checkout and presses Pay (or Fail), as the web app's dialog does. */
export async function testCheckout(app: FastifyInstance, headers: Headers, orderId: string, outcome: 'pay' | 'fail' = 'pay') {
  const answer = await app.inject({ method: 'POST', url: `/api/payment/test-checkout/${orderId}`, headers, payload: { outcome } });
  expect(answer.statusCode).toBe(200);
  return answer.json();
}

export function verify(
  app: FastifyInstance,
  headers: Headers,
  paid: { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string },
  plan_type = 'pro',
  billing_cycle = 'monthly',
) {
  return app.inject({
    method: 'POST',
    url: '/api/payment/verify',
    headers,
    payload: { payment_id: paid.razorpay_payment_id, order_id: paid.razorpay_order_id, signature: paid.razorpay_signature, plan_type, billing_cycle },
  });
}

export function webhookFor(t: TestApp, event: string, payment: Record<string, unknown>, eventId: string) {
  return signedWebhook(t, { entity: 'event', event, contains: ['payment'], payload: { payment: { entity: payment } }, created_at: 0 }, eventId);
}

/** The gateway's webhook call with this body, signed as the test-mode gateway signs it. */
export function signedWebhook(t: TestApp, body: object, eventId: string) {
  const rawBody = Buffer.from(JSON.stringify(body));
  const signature = t.platform.payments.testMode!.signWebhookBody(rawBody);
  return {
    method: 'POST' as const,
    url: '/api/payment/webhook',
    payload: rawBody,
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': eventId },
  };
}
