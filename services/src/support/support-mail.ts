import type { SupportPriority } from '@linkledger/contracts';
import { composeMail } from '../mail/compose-mail.ts';
import type { MailMessage } from '../mail/mailer.ts';

/** What the mails say about a ticket (docs/support.md#e-mail); composeMail escapes every text in the HTML part. */
interface MailedTicket {
  id: number;
  subject: string;
  priority: SupportPriority;
}

/** A message's paragraphs as lines of the mail (blank lines between them dropped). */
const paragraphs = (message: string) => message.split('\n').filter((line) => line.trim() !== '');

const supportLink = (appBase: string | null) => (appBase ? { label: 'Open your tickets', url: `${appBase}/support?tab=contact` } : undefined);

/** The confirmation a user gets on opening a ticket: their own words back, so they know what was received. */
export const ticketOpenedMail = (to: string, ticket: MailedTicket & { message: string }, appBase: string | null): MailMessage => ({
  purpose: 'support_ticket',
  ...composeMail(
    to,
    `We received your support request #${ticket.id}: ${ticket.subject}`,
    [
      'Thank you for writing to Linkledger support. Your request is recorded and our team will answer it.',
      `Ticket #${ticket.id}: ${ticket.subject}`,
      `Priority: ${ticket.priority}`,
      'Your message:',
      ...paragraphs(ticket.message),
    ],
    'You will get our answer by e-mail, and you can read and reply to it on the Support page, Contact tab.',
    supportLink(appBase),
  ),
});

/** An admin's answer, mailed to the ticket's owner. */
export const ticketReplyMail = (to: string, ticket: MailedTicket, reply: string, appBase: string | null): MailMessage => ({
  purpose: 'support_reply',
  ...composeMail(
    to,
    `Re: ${ticket.subject} [support request #${ticket.id}]`,
    [`Linkledger support answered your request #${ticket.id}: ${ticket.subject}`, ...paragraphs(reply)],
    'To answer, reply on the Support page, Contact tab: that is where our team reads your replies.',
    supportLink(appBase),
  ),
});
