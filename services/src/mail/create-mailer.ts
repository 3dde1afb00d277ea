import { join } from 'node:path';
import type { Config } from '../platform/config.ts';
import type { Mailer } from './mailer.ts';
import { OutboxMailer } from './outbox-mailer.ts';
import { SendGridMailer } from './sendgrid-mailer.ts';
import { SmtpMailer } from './smtp-mailer.ts';

const DEFAULT_MAIL_FROM = 'Linkledger <no-reply@linkledger.local>';

/** The one place the mail adapter is chosen: SendGrid, else SMTP, else the outbox folder. */
export function createMailer(config: Config, log: (message: string) => void): Mailer {
  const from = config.MAIL_FROM ?? DEFAULT_MAIL_FROM;
  if (config.SENDGRID_API_KEY) return new SendGridMailer(config.SENDGRID_API_KEY, from);
  if (config.SMTP_URL) return new SmtpMailer(config.SMTP_URL, from);
  return new OutboxMailer(join(config.DATA_DIR, 'outbox'), from, log);
}
