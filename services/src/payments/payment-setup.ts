import { createHmac } from 'node:crypto';
import type { EventStore } from '@linkledger/contracts';
import type { Config } from '../platform/config.ts';
import type { Platform } from '../platform/platform.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { createTestModeGateway, type TestModeGateway } from './test-mode-gateway.ts';
import { createEventTestModeLedger } from './event-test-mode-ledger.ts';
import type { ReceiptSeller } from './receipt/receipt-pdf.ts';

/** What the payment features share: the gateway the configuration chose and what receipts say. */
export interface Payments {
  gateway: PaymentGateway;
  /** The same gateway when it is test mode (its local checkout), else null. */
  testMode: TestModeGateway | null;
  /** GST included in prices, in basis points (1800 = 18 %), or null. */
  gstRateBasisPoints: number | null;
  seller: ReceiptSeller;
}

/**
 * Razorpay when its keys are set, else test mode (docs/payments.md#test-mode). Test mode's
 * secret is derived from the installation's secret, so it is made once and survives restarts
 * without another file, and differs between installations. Razorpay's client is loaded only
 * when its keys are set: most installations never need it, and each process would hold it.
 */
/** The platform as the payment routes use it: with the gateway and what receipts say. */
export type PaymentsPlatform = Platform & { payments: Payments };

export async function openPayments(config: Config, events: EventStore, secret: string, clock: () => Date): Promise<Payments> {
  const seller: ReceiptSeller = {
    name: config.SELLER_NAME,
    address: config.SELLER_ADDRESS.split(/\s*(?:\\n|\n|\|)\s*/)
      .filter(Boolean)
      .join('\n'),
    gstin: config.SELLER_GSTIN ?? null,
    email: config.SELLER_EMAIL ?? null,
  };
  const gstRateBasisPoints = config.GST_RATE === undefined ? null : Math.round(config.GST_RATE * 100);
  if (config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET && config.RAZORPAY_WEBHOOK_SECRET) {
    const { createRazorpayGateway } = await import('./razorpay-gateway.ts');
    const gateway = createRazorpayGateway({
      keyId: config.RAZORPAY_KEY_ID,
      keySecret: config.RAZORPAY_KEY_SECRET,
      webhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
      ...(config.RAZORPAY_API_URL ? { apiUrl: config.RAZORPAY_API_URL } : {}),
    });
    return { gateway, testMode: null, gstRateBasisPoints, seller };
  }
  const testSecret = createHmac('sha256', secret).update('linkledger payments test mode').digest('hex');
  const testMode = createTestModeGateway({ secret: testSecret, ledger: createEventTestModeLedger(events, clock), now: clock });
  return { gateway: testMode, testMode, gstRateBasisPoints, seller };
}
