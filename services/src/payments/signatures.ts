import { createHmac, timingSafeEqual } from 'node:crypto';

/** Lowercase hex HMAC-SHA256, the form Razorpay uses for checkout and webhook signatures. */
export function hmacSha256Hex(secret: string, payload: string | Buffer): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

/** Checkout's signature: HMAC-SHA256 of `order_id|payment_id` with the key secret. */
export function signCheckoutResult(secret: string, orderId: string, paymentId: string): string {
  return hmacSha256Hex(secret, `${orderId}|${paymentId}`);
}

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

/**
 * Compares a presented hex signature with the expected one in constant time. Anything that
 * is not 64 hex characters is false before comparing, because timingSafeEqual throws on
 * unequal lengths and callers must never see a throw from untrusted input.
 */
function hexSignatureMatches(expectedHex: string, presented: unknown): boolean {
  if (typeof presented !== 'string' || !HEX_SHA256.test(presented)) return false;
  return timingSafeEqual(Buffer.from(expectedHex, 'hex'), Buffer.from(presented.toLowerCase(), 'hex'));
}

/** Both port checks, shared by the adapters so the verify path is the same code in both modes. */
export function verifyCheckoutSignature(secret: string, input: { orderId: unknown; paymentId: unknown; signature: unknown }): boolean {
  const { orderId, paymentId, signature } = input;
  if (typeof orderId !== 'string' || typeof paymentId !== 'string' || orderId === '' || paymentId === '') return false;
  return hexSignatureMatches(signCheckoutResult(secret, orderId, paymentId), signature);
}

export function verifyBodySignature(secret: string, rawBody: unknown, signature: unknown): boolean {
  if (!Buffer.isBuffer(rawBody)) return false;
  return hexSignatureMatches(hmacSha256Hex(secret, rawBody), signature);
}
