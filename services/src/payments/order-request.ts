import type { OrderRequest } from './payment-gateway.ts';
import { PaymentGatewayError } from './payment-gateway-error.ts';

/** Razorpay refuses INR orders below ₹1.00; test mode refuses them too so both behave alike. */
export const MINIMUM_ORDER_PAISE = 100;

/** Checked before any call so a float or a negative amount never reaches a gateway. */
export function assertValidOrderRequest(request: OrderRequest): void {
  const { amountPaise, currency, receipt } = request;
  if (!Number.isSafeInteger(amountPaise) || amountPaise < MINIMUM_ORDER_PAISE) {
    throw new PaymentGatewayError(
      'invalid-request',
      `Order amount must be a whole number of paise, at least ${MINIMUM_ORDER_PAISE} (₹1.00); got ${String(amountPaise)}.`,
      { field: 'amount' },
    );
  }
  if (currency !== 'INR') {
    throw new PaymentGatewayError('invalid-request', `Only INR orders are supported; got ${String(currency)}.`, { field: 'currency' });
  }
  if (receipt.length === 0 || receipt.length > 40) {
    throw new PaymentGatewayError('invalid-request', 'Order receipt must be 1 to 40 characters long.', { field: 'receipt' });
  }
}
