import { createHash } from 'node:crypto';
import type { PaymentInstrument } from '@linkledger/contracts';
import { instrumentKey } from '@linkledger/projections';
import type { PaymentDetails } from './payment-gateway.ts';

/** What the log keeps of how a payment was made: never more than the gateway showed, and a UPI id only masked. */
export function instrumentOf(payment: PaymentDetails): PaymentInstrument {
  return {
    kind: payment.method,
    ...(payment.card
      ? { card_network: payment.card.network.slice(0, 40), card_last4: /^\d{4}$/.test(payment.card.last4) ? payment.card.last4 : undefined }
      : {}),
    ...(payment.vpa ? { vpa_masked: payment.vpa.slice(0, 120) } : {}),
    ...(payment.bank ? { bank: payment.bank.slice(0, 40) } : {}),
    ...(payment.wallet ? { wallet: payment.wallet.slice(0, 40) } : {}),
  };
}

/** The id the API shows for an instrument: short, URL-safe, the same for the same instrument. */
export function instrumentId(instrument: PaymentInstrument): string {
  return createHash('sha256').update(instrumentKey(instrument)).digest('hex').slice(0, 16);
}

const KIND_NAMES: Record<PaymentInstrument['kind'], string> = {
  card: 'Card',
  upi: 'UPI',
  netbanking: 'Netbanking',
  wallet: 'Wallet',
  emi: 'EMI',
  other: 'Other method',
};

/** How receipts, history and the methods list name an instrument: "Visa •••• 4242", "UPI ga****@okhdfc". */
export function instrumentLabel(instrument: PaymentInstrument): string {
  switch (instrument.kind) {
    case 'card':
    case 'emi':
      return [instrument.card_network ?? KIND_NAMES[instrument.kind], instrument.card_last4 ? `•••• ${instrument.card_last4}` : ''].filter(Boolean).join(' ');
    case 'upi':
      return instrument.vpa_masked ? `UPI ${instrument.vpa_masked}` : 'UPI';
    case 'netbanking':
      return instrument.bank ? `${instrument.bank} netbanking` : 'Netbanking';
    case 'wallet':
      return instrument.wallet ? `${instrument.wallet} wallet` : 'Wallet';
    default:
      return KIND_NAMES.other;
  }
}
