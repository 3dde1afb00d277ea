import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { Mailer, MailMessage } from './mailer.ts';

/**
 * Mail through any SMTP server, configured by one URL (smtp://user:pass@host:587, smtps:// for TLS).
 * nodemailer is loaded with the first message: a process that sends none never holds it.
 */
export class SmtpMailer implements Mailer {
  readonly adapter = 'smtp';
  private transport: Promise<Transporter> | null = null;

  constructor(
    private readonly url: string | SMTPTransport.Options,
    private readonly from: string,
  ) {}

  private opened(): Promise<Transporter> {
    return (this.transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(this.url)));
  }

  async send(message: MailMessage): Promise<void> {
    const { to, subject, text, html, attachments = [] } = message;
    await (await this.opened()).sendMail({ from: this.from, to, subject, text, html, attachments });
  }

  async close(): Promise<void> {
    (await this.transport)?.close();
  }
}
