import { MailService } from '@sendgrid/mail';
import type { Mailer, MailMessage } from './mailer.ts';

/** The part of SendGrid's client the adapter reaches for: where requests go. */
interface SendGridClient {
  setDefaultRequest(key: 'baseUrl', value: string): void;
}

/** Mail through SendGrid's v3 API. `baseUrl` points it elsewhere (tests, regional hosts). */
export class SendGridMailer implements Mailer {
  readonly adapter = 'sendgrid';
  private readonly service = new MailService();

  constructor(
    apiKey: string,
    private readonly from: string,
    options: { baseUrl?: string } = {},
  ) {
    this.service.setApiKey(apiKey);
    // The typings do not declare the client the service holds, only how to replace it.
    if (options.baseUrl) (this.service as unknown as { client: SendGridClient }).client.setDefaultRequest('baseUrl', options.baseUrl);
  }

  async send(message: MailMessage): Promise<void> {
    const { to, subject, text, html, attachments = [] } = message;
    await this.service.send({
      from: this.from,
      to,
      subject,
      text,
      html,
      ...(attachments.length ? { attachments: attachments.map(({ filename, contentType, content }) => ({ filename, type: contentType, content: content.toString('base64'), disposition: 'attachment' })) } : {}),
    });
  }

  async close(): Promise<void> {}
}
