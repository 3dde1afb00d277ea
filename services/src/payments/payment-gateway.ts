/**
 * The payment port. Adapters: Razorpay (razorpay-gateway.ts) and the embedded test mode
 * (test-mode-gateway.ts). Both complete checkout with the same three signed values, so the
 * verify path above this port is one code path. Money is integer paise everywhere.
 */

type PaymentStatus = 'created' | 'authorized' | 'captured' | 'failed' | 'refunded';

/** Razorpay's method names we distinguish; anything newer (paylater, cardless_emi, …) is 'other'. */
export type PaymentMethodKind = 'card' | 'upi' | 'netbanking' | 'wallet' | 'emi' | 'other';

export interface OrderRequest {
  /** Integer paise, at least 100 (Razorpay's minimum of ₹1.00). */
  amountPaise: number;
  currency: 'INR';
  /** Our own reference for the order (at most 40 characters, as Razorpay allows). */
  receipt: string;
  notes: Record<string, string>;
}

/** What the browser needs to open checkout for this order. */
export interface CreatedOrder {
  orderId: string;
  amountPaise: number;
  currency: 'INR';
  /** The public key checkout is opened with (never the secret). */
  keyId: string;
}

export interface PaymentDetails {
  id: string;
  orderId: string;
  status: PaymentStatus;
  amountPaise: number;
  currency: string;
  method: PaymentMethodKind;
  card?: { network: string; last4: string };
  /** UPI id with the handle masked, e.g. `ga****@okhdfc`: enough to recognise, not to reuse. */
  vpa?: string;
  /** Netbanking bank code, e.g. `HDFC`. */
  bank?: string;
  wallet?: string;
  email?: string;
}

/** The three values checkout hands the browser on success, posted back to us to verify. */
export interface SignedCheckoutResult {
  orderId: string;
  paymentId: string;
  signature: string;
}

export interface PaymentGateway {
  /** Which adapter this is: the web app opens Razorpay's checkout or the local test one. */
  readonly mode: 'razorpay' | 'test';
  createOrder(request: OrderRequest): Promise<CreatedOrder>;
  /** Throws PaymentGatewayError('not-found') for an id the gateway does not know. */
  fetchPayment(paymentId: string): Promise<PaymentDetails>;
  /** Constant-time check of checkout's signature; false (never a throw) for anything malformed. */
  verifyPaymentSignature(result: SignedCheckoutResult): boolean;
  /** Constant-time check of X-Razorpay-Signature over the exact bytes received. */
  verifyWebhookSignature(rawBody: Buffer, signature: string): boolean;
}
