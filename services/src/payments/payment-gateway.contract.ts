import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedOrder, PaymentGateway, SignedCheckoutResult } from './payment-gateway.ts';
import { PaymentGatewayError } from './payment-gateway-error.ts';

/**
 * One behaviour for every adapter of the payment port. Each adapter's test file supplies a
 * subject: the gateway plus a way to act as the customer at checkout for it.
 */
export interface ContractSubject {
  gateway: PaymentGateway;
  /** Pays the order the way a customer at checkout would; returns checkout's signed values. */
  pay(order: CreatedOrder): Promise<SignedCheckoutResult>;
  /** Makes a failed attempt on the order; returns the failed payment's id. */
  fail(order: CreatedOrder): Promise<string>;
  /** The card network and last 4 digits the subject pays with. */
  expectedCard: { network: string; last4: string };
  /** Pays by UPI, where the adapter can (test mode pays by test card only). */
  /** Signs a webhook body as the gateway's sender would. */
  signWebhook(rawBody: Buffer): string;
  close(): Promise<void>;
}

const order = (amountPaise: number, receipt = `rcpt_${amountPaise}`) => ({
  amountPaise,
  currency: 'INR' as const,
  receipt,
  notes: { plan_type: 'pro', billing_cycle: 'monthly' },
});

/** Flips one hex digit: a signature that is well-formed but wrong. */
function tamper(signature: string): string {
  const last = signature.at(-1) === '0' ? '1' : '0';
  return `${signature.slice(0, -1)}${last}`;
}

export function describePaymentGatewayContract(name: string, makeSubject: () => Promise<ContractSubject>): void {
  describe(`payment gateway contract: ${name}`, () => {
    let subject: ContractSubject;
    beforeAll(async () => {
      subject = await makeSubject();
    });
    afterAll(async () => {
      await subject?.close();
    });

    it('creates an INR order for the exact amount in paise', async () => {
      const created = await subject.gateway.createOrder(order(149_900));
      expect(created.amountPaise).toBe(149_900);
      expect(Number.isInteger(created.amountPaise)).toBe(true);
      expect(created.currency).toBe('INR');
      expect(created.orderId).toMatch(/^order_/);
      expect(created.keyId).not.toBe('');
    });

    it('refuses fractional or below-minimum amounts before creating anything', async () => {
      for (const amountPaise of [99, 1499.5, 0, -100]) {
        const attempt = subject.gateway.createOrder(order(amountPaise));
        await expect(attempt).rejects.toBeInstanceOf(PaymentGatewayError);
        await expect(attempt).rejects.toMatchObject({ kind: 'invalid-request' });
      }
    });

    it('verifies the signature of a paid payment and fetches it as captured by card', async () => {
      const created = await subject.gateway.createOrder(order(99_900));
      const result = await subject.pay(created);
      expect(result.orderId).toBe(created.orderId);
      expect(subject.gateway.verifyPaymentSignature(result)).toBe(true);
      const payment = await subject.gateway.fetchPayment(result.paymentId);
      expect(payment).toMatchObject({
        id: result.paymentId,
        orderId: created.orderId,
        status: 'captured',
        amountPaise: 99_900,
        currency: 'INR',
        method: 'card',
        card: subject.expectedCard,
      });
      expect(payment.card?.last4).toMatch(/^\d{4}$/);
    });

    it('says false, never throws, for forged, tampered, swapped or malformed signatures', async () => {
      const created = await subject.gateway.createOrder(order(49_900));
      const result = await subject.pay(created);
      const other = await subject.pay(await subject.gateway.createOrder(order(49_900, 'rcpt_other')));
      const { verifyPaymentSignature: verify } = subject.gateway;
      expect(verify({ ...result, signature: tamper(result.signature) })).toBe(false);
      expect(verify({ ...result, signature: result.signature.toUpperCase() })).toBe(true);
      expect(verify({ ...result, paymentId: other.paymentId })).toBe(false);
      expect(verify({ ...result, orderId: other.orderId })).toBe(false);
      expect(verify({ ...result, signature: other.signature })).toBe(false);
      for (const signature of ['', 'abc', 'z'.repeat(64), `${result.signature}00`, result.signature.slice(2)]) {
        expect(verify({ ...result, signature })).toBe(false);
      }
      // Untrusted JSON can carry anything; the port must still answer false.
      const malformed = [
        { ...result, signature: 42 },
        { ...result, orderId: null },
        { ...result, paymentId: undefined },
        { ...result, orderId: '' },
      ] as unknown as SignedCheckoutResult[];
      for (const input of malformed) expect(verify(input)).toBe(false);
    });

    it('fetches a failed payment as failed', async () => {
      const created = await subject.gateway.createOrder(order(29_900));
      const paymentId = await subject.fail(created);
      await expect(subject.gateway.fetchPayment(paymentId)).resolves.toMatchObject({
        id: paymentId,
        orderId: created.orderId,
        status: 'failed',
        amountPaise: 29_900,
      });
    });

    it('answers an unknown payment id with a not-found error', async () => {
      await expect(subject.gateway.fetchPayment('pay_DoesNotExist00')).rejects.toMatchObject({ name: 'PaymentGatewayError', kind: 'not-found' });
      await expect(subject.gateway.fetchPayment('')).rejects.toMatchObject({ kind: 'not-found' });
    });

    it('accepts a webhook signature only for the exact raw body', () => {
      const rawBody = Buffer.from(
        JSON.stringify({ entity: 'event', event: 'payment.captured', payload: { payment: { entity: { id: 'pay_X', amount: 99_900 } } } }),
      );
      const signature = subject.signWebhook(rawBody);
      expect(subject.gateway.verifyWebhookSignature(rawBody, signature)).toBe(true);
      for (let index = 0; index < rawBody.length; index += 17) {
        const changed = Buffer.from(rawBody);
        changed[index] = (changed[index] ?? 0) ^ 0x01;
        expect(subject.gateway.verifyWebhookSignature(changed, signature)).toBe(false);
      }
      // Re-serialising the JSON (here: adding a space) changes the bytes, so it must fail too.
      expect(subject.gateway.verifyWebhookSignature(Buffer.from(rawBody.toString().replace(':', ': ')), signature)).toBe(false);
      expect(subject.gateway.verifyWebhookSignature(rawBody, tamper(signature))).toBe(false);
      expect(subject.gateway.verifyWebhookSignature(rawBody, '')).toBe(false);
      expect(subject.gateway.verifyWebhookSignature(rawBody, undefined as unknown as string)).toBe(false);
      expect(subject.gateway.verifyWebhookSignature(rawBody.toString() as unknown as Buffer, signature)).toBe(false);
    });
  });
}
