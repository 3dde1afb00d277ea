import type { MailMessage } from '../mail/mailer.ts';
import { composeMail } from '../mail/compose-mail.ts';

/** The link that moves the account to a new address, sent to that address. */
export const emailChangeMail = (to: string, url: string): MailMessage => ({
  purpose: 'email_change',
  ...composeMail(
    to,
    'Confirm your new Linkledger e-mail address',
    [
      'Someone signed in to a Linkledger account asked to use this address for it.',
      'Open the link below to confirm. Until you do, the account keeps its current address. The link is valid for 24 hours and works once.',
    ],
    'If you did not ask for this, ignore this message: nothing changes.',
    { label: 'Confirm my new address', url },
  ),
});

/** Tells the previous address that the account moved, so an owner who did not do it notices. */
export const emailChangedNoticeMail = (to: string, newEmail: string, supportUrl: string): MailMessage => ({
  purpose: 'email_change_notice',
  ...composeMail(
    to,
    'Your Linkledger e-mail address was changed',
    [
      `The e-mail address of your Linkledger account was changed to ${newEmail}.`,
      'From now on you sign in with the new address, and this one no longer signs in.',
    ],
    'If you did not make this change, contact support at once and reset your password.',
    { label: 'Contact support', url: supportUrl },
  ),
});
