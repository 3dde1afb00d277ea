import { formatIndianDate } from './receipt/receipt-text.ts';

/** A date as messages, e-mails and receipts show it: "05 Sep 2026", the calendar day in India. */
export const dayLabel = (at: Date | string) => formatIndianDate(typeof at === 'string' ? at : at.toISOString());
