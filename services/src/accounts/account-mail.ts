import type { MailMessage } from '../mail/mailer.ts';
import { composeMail } from '../mail/compose-mail.ts';

const message = (to: string, subject: string, lines: string[], link: { label: string; url: string }, closing: string) =>
  composeMail(to, subject, lines, closing, link);

export const verificationMail = (to: string, url: string): MailMessage => ({
  purpose: 'verify_email',
  ...message(
    to,
    'Verify your email address',
    ['Welcome to Linkledger!', 'Please confirm that this is your email address by opening the link below. It is valid for 24 hours.'],
    { label: 'Verify my email address', url },
    'If you did not create a Linkledger account, you can ignore this message.',
  ),
});

export const passwordResetMail = (to: string, url: string): MailMessage => ({
  purpose: 'reset_password',
  ...message(
    to,
    'Reset your Linkledger password',
    [
      'Someone (hopefully you) asked to reset the password of your Linkledger account.',
      'Open the link below to choose a new password. The link will expire in 1 hour and works once.',
    ],
    { label: 'Choose a new password', url },
    'If you did not ask for this, ignore this message: your password stays as it is.',
  ),
});

/** The admin's test message: proves the configured transport delivers. */
export const testMail = (to: string, transport: string, appUrl: string): MailMessage => ({
  purpose: 'test',
  ...message(
    to,
    'Linkledger test e-mail',
    [`This message was sent by an administrator to check the e-mail settings. It went through ${transport}.`],
    { label: 'Open Linkledger', url: appUrl },
    'No action is needed.',
  ),
});
