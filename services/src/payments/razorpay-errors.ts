import { z } from 'zod';
import { PaymentGatewayError } from './payment-gateway-error.ts';
import { razorpayErrorBodySchema } from './razorpay-entities.ts';

/** What the razorpay client rejects with when Razorpay answered: `{ statusCode, error }`. */
const clientRejectionSchema = z.object({
  statusCode: z.union([z.number(), z.string()]),
  error: razorpayErrorBodySchema,
});

/**
 * Turns whatever the client rejected with into a PaymentGatewayError whose message tells an
 * operator what to do. Without an HTTP answer the client itself throws a TypeError while
 * reading `err.response.status`, so anything unrecognised is treated as "unreachable".
 */
export function toPaymentGatewayError(rejection: unknown, context: { keyId: string; apiUrl: string; action: string }): PaymentGatewayError {
  if (rejection instanceof PaymentGatewayError) return rejection;
  const parsed = clientRejectionSchema.safeParse(rejection);
  if (!parsed.success) {
    return new PaymentGatewayError(
      'unavailable',
      `Could not reach Razorpay at ${context.apiUrl} to ${context.action}. Check the server's network access (and RAZORPAY_API_URL if set), then try again.`,
      {},
      { cause: rejection },
    );
  }
  const httpStatus = Number(parsed.data.statusCode);
  const { code, description, field } = parsed.data.error;
  const details = { httpStatus, gatewayCode: code, ...(field ? { field } : {}) };
  if (httpStatus === 401) {
    return new PaymentGatewayError(
      'authentication',
      `Razorpay refused the API key ${context.keyId} (${description}). Set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET to a matching pair from the Razorpay Dashboard (API Keys), both test (rzp_test_) or both live (rzp_live_).`,
      details,
    );
  }
  // Razorpay answers an unknown id with 400 "The id provided does not exist".
  if (httpStatus === 404 || /does not exist/i.test(description)) {
    return new PaymentGatewayError('not-found', `Razorpay could not ${context.action}: ${description}`, details);
  }
  if (httpStatus >= 500) {
    return new PaymentGatewayError('unavailable', `Razorpay failed to ${context.action} (HTTP ${httpStatus}: ${description}). Try again shortly.`, details);
  }
  return new PaymentGatewayError('invalid-request', `Razorpay rejected the request to ${context.action}: ${description}`, details);
}
