import type { MailService } from '@sendgrid/mail';
import type { Mailer, MailMessage } from './mailer.ts';

/** The part of SendGrid's client the adapter reaches for: where requests go. */
interface SendGridClient {
  setDefaultRequest(key: 'baseUrl', value: string): void;
}

/**
 * Mail through SendGrid's v3 API. `baseUrl` points it elsewhere (tests, regional hosts).
 * SendGrid's client is loaded with the first message: a process that sends none never holds it.
 */
export class SendGridMailer implements Mailer {
  readonly adapter = 'sendgrid';
  private service: Promise<MailService> | null = null;

  constructor(
    private readonly apiKey: string,
    private readonly from: string,
    private readonly options: { baseUrl?: string } = {},
  ) {}

  private opened(): Promise<MailService> {
    return (this.service ??= import('@sendgrid/mail').then((module) => {
      // A CommonJS module: Node finds its named exports, the typings declare only the default.
      const service = new (module as unknown as { MailService: typeof MailService }).MailService();
      service.setApiKey(this.apiKey);
      // The typings do not declare the client the service holds, only how to replace it.
      if (this.options.baseUrl) (service as unknown as { client: SendGridClient }).client.setDefaultRequest('baseUrl', this.options.baseUrl);
      return service;
    }));
  }

  async send(message: MailMessage): Promise<void> {
    const { to, subject, text, html, attachments = [] } = message;
    await (
      await this.opened()
    ).send({
      from: this.from,
      to,
      subject,
      text,
      html,
      ...(attachments.length
        ? {
            attachments: attachments.map(({ filename, contentType, content }) => ({
              filename,
              type: contentType,
              content: content.toString('base64'),
              disposition: 'attachment',
            })),
          }
        : {}),
    });
  }

  async close(): Promise<void> {}
}
