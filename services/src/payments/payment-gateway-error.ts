/**
 * The one error the payment port throws, so routes can map it to a status and a message
 * without knowing which adapter is behind the port.
 */
type PaymentGatewayErrorKind =
  /** Our key id/secret were refused: an operator must fix configuration. */
  | 'authentication'
  /** The request itself was wrong (amount below minimum, bad currency, …). */
  | 'invalid-request'
  /** The order or payment id is unknown to the gateway. */
  | 'not-found'
  /** The gateway could not be reached or failed on its side: worth retrying later. */
  | 'unavailable'
  /** The gateway answered with something we cannot read. */
  | 'unexpected-response';

export class PaymentGatewayError extends Error {
  override readonly name = 'PaymentGatewayError';

  constructor(
    readonly kind: PaymentGatewayErrorKind,
    message: string,
    readonly details: { httpStatus?: number; gatewayCode?: string; field?: string } = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
