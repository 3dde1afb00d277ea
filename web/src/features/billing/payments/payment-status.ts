/** How a payment's status is drawn: captured or succeeded = success, failed = error, pending = waiting, anything else = neutral. */
export type PaymentTone = 'success' | 'error' | 'waiting' | 'neutral';

interface PaymentStatusView {
  tone: PaymentTone;
  /** The words beside the icon (and what a screen reader hears). */
  label: string;
}

const capitalised = (word: string) => (word ? word.charAt(0).toUpperCase() + word.slice(1).replace(/_/g, ' ') : 'Unknown');

export function paymentStatus(status: string): PaymentStatusView {
  switch (status.toLowerCase()) {
    case 'captured':
    case 'succeeded':
      return { tone: 'success', label: 'Paid' };
    case 'failed':
      return { tone: 'error', label: 'Failed' };
    case 'pending':
      return { tone: 'waiting', label: 'Pending' };
    default:
      return { tone: 'neutral', label: capitalised(status) };
  }
}
