import { defaultPlan, type PlanName } from '@linkledger/contracts';
import { composeMail } from '../mail/compose-mail.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { dayLabel } from '../formats/day-label.ts';
import { formatInr } from './receipt/money.ts';
import { receiptFileName } from './receipts.ts';

/** The first line of a test-mode receipt's mail: no one should take it for a charge (docs/payments.md#test-mode). */
export const TEST_MODE_MAIL_NOTICE = 'This is a test-mode receipt: the payment was made in test mode and no money was taken.';

/** The receipt of a payment, its PDF attached; a test-mode payment's says plainly that it is a test. */
export function receiptMail(
  to: string,
  receipt: { number: string; planType: PlanName; amountPaise: number; periodEnd: string | null; testMode: boolean; pdf: Buffer },
): MailMessage {
  const plan = defaultPlan(receipt.planType).display_name;
  return {
    purpose: 'receipt',
    ...composeMail(
      to,
      receipt.testMode ? `Your Linkledger test-mode receipt ${receipt.number} (no money taken)` : `Your Linkledger receipt ${receipt.number}`,
      [
        ...(receipt.testMode
          ? [TEST_MODE_MAIL_NOTICE, `Your test payment of ${formatInr(receipt.amountPaise)} for the ${plan} plan went through.`]
          : [`Thank you for your payment of ${formatInr(receipt.amountPaise)} for the ${plan} plan.`]),
        receipt.periodEnd ? `Your ${plan} plan is active until ${dayLabel(receipt.periodEnd)}.` : `Your ${plan} plan is active.`,
        `Receipt ${receipt.number} is attached as a PDF; you can also download it from Payment management.`,
      ],
      'Nothing renews by itself: we will remind you a few days before the period ends.',
    ),
    attachments: [{ filename: receiptFileName(receipt.number), contentType: 'application/pdf', content: receipt.pdf }],
  };
}

/** A few days before a paid period ends: pay again to keep the plan, or it returns to Free. */
export function renewalReminderMail(to: string, reminder: { planType: PlanName; periodEnd: string }): MailMessage {
  const plan = defaultPlan(reminder.planType).display_name;
  return {
    purpose: 'renewal_reminder',
    ...composeMail(
      to,
      `Your ${plan} plan ends on ${dayLabel(reminder.periodEnd)}`,
      [
        `Your Linkledger ${plan} plan ends on ${dayLabel(reminder.periodEnd)}.`,
        `To keep it, renew it from the pricing page before then: the new period starts when the current one ends, so no day is lost.`,
        `If you do nothing, your account moves to the Free plan and its limits on that day. Your links keep working.`,
      ],
      'You receive this message once per period.',
    ),
  };
}
