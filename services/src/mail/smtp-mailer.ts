import nodemailer, { type Transporter } from 'nodemailer';
import type { Mailer, MailMessage } from './mailer.ts';

/** Mail through any SMTP server, configured by one URL (smtp://user:pass@host:587, smtps:// for TLS). */
export class SmtpMailer implements Mailer {
  readonly adapter = 'smtp';
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
