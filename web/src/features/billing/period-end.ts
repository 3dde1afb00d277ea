import type { Subscription } from '../../api/types.ts';

/**
 * What the date at the end of a plan's period means. No plan renews by itself: each period is
 * one payment (docs/payments.md#lifecycle), so no screen says "Renews on". A running period
 * is paid until then, a cancelled one ends then, any other has ended.
 */
export function periodEndLabel(status: Subscription['status']): string {
  if (status === 'active') return 'Paid until';
  if (status === 'cancelled') return 'Ends on';
  return 'Ended on';
}

/** The line under a running paid period's end: what happens on that day unless the user pays again. */
export function periodEndNote(status: Subscription['status'], planName: string): string | null {
  return status === 'active' ? `Does not renew by itself: pay again before then to keep ${planName}, or the account moves to Free.` : null;
}
