import { WEBHOOK_FAILURES_BEFORE_DISABLED } from '@linkledger/contracts';
import { composeMail } from '../mail/compose-mail.ts';
import type { MailMessage } from '../mail/mailer.ts';

interface FailingWebhook {
  name: string;
  url: string;
  failures: number;
  /** Whether the failures switched it off. */
  disabled: boolean;
  /** The team workspace's name; null for a personal one. */
  team: string | null;
  lastAnswer: string | null;
  /** The web app's address the mail links to; null when none is known. */
  base: string | null;
}

/**
 * Tells a workspace's owners and admins that a webhook's deliveries keep failing, or that they
 * switched it off (docs/webhooks.md#retries). The name, the address, the team's name and the
 * receiver's answer are typed or sent by others: composeMail escapes them in the HTML part.
 */
export function webhookFailingMail(to: string, webhook: FailingWebhook): MailMessage {
  const whose = webhook.team === null ? 'Your webhook' : `The webhook of the workspace “${webhook.team}”`;
  const subject = webhook.disabled ? `${whose} “${webhook.name}” was switched off` : `${whose} “${webhook.name}” is failing`;
  return {
    purpose: 'webhook_failing',
    ...composeMail(
      to,
      subject,
      [
        `${whose} “${webhook.name}” could not deliver to ${webhook.url}: ${webhook.failures} deliveries in a row failed.`,
        ...(webhook.lastAnswer ? [`The last answer: ${webhook.lastAnswer}`] : []),
        webhook.disabled
          ? 'It is switched off and sends nothing more. Once the receiver works again, switch it back on: the deliveries it still owes resume, and a replay sends what it missed.'
          : `Deliveries are tried again with growing pauses; after ${WEBHOOK_FAILURES_BEFORE_DISABLED} failures in a row the webhook is switched off.`,
      ],
      'You get this notice because you own or manage the workspace the webhook belongs to.',
      webhook.base ? { label: 'Open your webhooks', url: `${webhook.base}/webhooks` } : undefined,
    ),
  };
}
