import { z } from 'zod';

/**
 * Razorpay's Orders and Payments entities as its API reference documents them. The adapter
 * parses responses with these schemas (the client's own typings allow `amount: number |
 * string`, and we must never turn money into a float), and the local test server builds the
 * same shapes, so both sides of the contract tests agree on one description.
 */

export const razorpayOrderSchema = z.object({
  id: z.string().min(1),
  entity: z.literal('order'),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
});

export const razorpayPaymentSchema = z.object({
  id: z.string().min(1),
  entity: z.literal('payment'),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['created', 'authorized', 'captured', 'refunded', 'failed']),
  order_id: z.string().nullable(),
  method: z.string(),
  card: z.object({ network: z.string().nullable(), last4: z.string().nullable() }).nullable().optional(),
  vpa: z.string().nullable().optional(),
  // Newer UPI payments also carry the id here, inside an `upi` object.
  upi: z.object({ vpa: z.string().nullable().optional() }).nullable().optional(),
  bank: z.string().nullable().optional(),
  wallet: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
});

/** Error bodies: `{"error":{"code":"BAD_REQUEST_ERROR","description":…}}`. */
export const razorpayErrorBodySchema = z.object({
  code: z.string(),
  description: z.string(),
  field: z.string().nullable().optional(),
});

export type RazorpayPaymentStatus = z.infer<typeof razorpayPaymentSchema>['status'];

export interface RazorpayOrderEntity {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string> | [];
  created_at: number;
}

export interface RazorpayCardEntity {
  id: string;
  entity: 'card';
  name: string;
  last4: string;
  network: string;
  type: 'credit' | 'debit' | 'prepaid' | 'unknown';
  issuer: string | null;
  international: boolean;
  emi: boolean;
  sub_type: 'consumer' | 'business';
  token_iin: null;
}

export interface RazorpayPaymentEntity {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: RazorpayPaymentStatus;
  order_id: string;
  invoice_id: null;
  international: boolean;
  method: 'card' | 'upi' | 'netbanking' | 'wallet';
  amount_refunded: number;
  refund_status: 'partial' | 'full' | null;
  captured: boolean;
  description: string | null;
  card_id: string | null;
  card: RazorpayCardEntity | null;
  bank: string | null;
  wallet: string | null;
  vpa: string | null;
  email: string;
  contact: string;
  notes: Record<string, string> | [];
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  created_at: number;
}
