import { ORDER_PAYABLE_MS } from '@linkledger/contracts/order-payable';
import type { Intent, SignedResult } from './payments-api.ts';

/*
 * Razorpay's checkout (Razorpay mode only): checkout.js is fetched the first time someone
 * pays, never on page load, and only once. Typed with just the parts used here.
 */

const RAZORPAY_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

/** What Razorpay's `payment.failed` event carries (the part read here). */
interface RazorpayFailure {
  error: { code?: string; description?: string; reason?: string; metadata?: { payment_id?: string; order_id?: string } };
}

interface RazorpayOptions {
  key: string;
  amount: number;
  currency: string;
  order_id: string;
  name: string;
  description: string;
  prefill: { email: string; name: string };
  handler(response: SignedResult): void;
  modal: { ondismiss(): void };
  /** Seconds after which checkout closes. */
  timeout: number;
  theme?: { color: string };
}

interface RazorpayCheckout {
  on(event: 'payment.failed', listener: (response: RazorpayFailure) => void): void;
  open(): void;
}

type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayCheckout;

let loading: Promise<RazorpayConstructor> | null = null;

const loaded = () => (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;

/** Loads checkout.js once; a failed load may be tried again. */
function loadRazorpay(): Promise<RazorpayConstructor> {
  const ready = loaded();
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = RAZORPAY_SCRIPT;
    script.async = true;
    script.onload = () => {
      const constructor = loaded();
      if (constructor) resolve(constructor);
      else reject(new Error('Razorpay’s checkout script loaded without defining Razorpay'));
    };
    script.onerror = () => {
      script.remove();
      reject(new Error('Razorpay’s checkout script could not be loaded'));
    };
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

interface RazorpayHandlers {
  onPaid(result: SignedResult): void;
  onFailed(failure: RazorpayFailure): void;
  onDismiss(): void;
}

/** Opens Razorpay's checkout for an order made by create-intent. */
export async function openRazorpay(intent: Intent, description: string, handlers: RazorpayHandlers): Promise<void> {
  const Razorpay = await loadRazorpay();
  const checkout = new Razorpay({
    key: intent.order.key_id,
    amount: intent.order.amount,
    currency: intent.order.currency,
    order_id: intent.order.order_id,
    name: 'Linkledger',
    description,
    prefill: intent.prefill,
    handler: handlers.onPaid,
    modal: { ondismiss: handlers.onDismiss },
    // The order can be paid for as long as its quote holds; then checkout closes.
    timeout: ORDER_PAYABLE_MS / 1000,
    theme: { color: '#0d6b5e' },
  });
  checkout.on('payment.failed', handlers.onFailed);
  checkout.open();
}
