/**
 * How long an order can be paid after it is made (docs/payments.md#re-quoted-at-capture): the
 * quote holds that long, test mode's checkout refuses an older order, Razorpay's closes.
 * Its own module so the web app takes the number without the schemas.
 */
export const ORDER_PAYABLE_MS = 30 * 60_000;
