import type { BillingCycle, PaymentQuote } from '@linkledger/contracts';
import { loadStream } from '../commands/command-context.ts';
import { planNamed, evolveSubscription, noSubscription, paidPeriodRuns } from '../billing/index.ts';
import type { Platform } from '../platform/platform.ts';
import { quotePayment, type Quote } from './payment-quote.ts';

/** What paying for a plan would buy the user now, decided on their subscription stream and the catalogue as it is. */
export async function quoteFor(
  platform: Pick<Platform, 'events' | 'read' | 'clock'>,
  userId: number,
  planType: 'pro' | 'enterprise',
  cycle: BillingCycle,
): Promise<Quote> {
  const now = platform.clock();
  const { state } = await loadStream(platform.events, `subscription-${userId}`, noSubscription, evolveSubscription);
  const [target, current] = await Promise.all([planNamed(platform, planType), planNamed(platform, paidPeriodRuns(state, now) ? state.planType : 'free')]);
  return quotePayment(target, cycle, state, current.display_name, now);
}

export function quoteBody(quote: Quote): PaymentQuote {
  return {
    plan_type: quote.planType,
    billing_cycle: quote.billingCycle,
    purpose: quote.purpose,
    list_price_paise: quote.listPricePaise,
    credit_paise: quote.creditPaise,
    amount_paise: quote.amountPaise,
    currency: 'INR',
    period_start: quote.periodStart.toISOString(),
    period_end: quote.periodEnd.toISOString(),
    explanation: quote.explanation,
  };
}
