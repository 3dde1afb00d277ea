import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { Mailer, MailMessage } from './mailer.ts';

/** Mail through any SMTP server, configured by one URL (smtp://user:pass@host:587, smtps:// for TLS). */
export class SmtpMailer implements Mailer {
  readonly adapter = 'smtp';
  private readonly transport: Transporter;

  constructor(
    url: string | SMTPTransport.Options,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(message: MailMessage): Promise<void> {
    const { to, subject, text, html, attachments = [] } = message;
    await this.transport.sendMail({ from: this.from, to, subject, text, html, attachments });
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
