import { randomUUID } from 'node:crypto';
import type { EventStore, MailPurpose } from '@linkledger/contracts';
import { recordFact } from '../commands/record-fact.ts';
import { decryptSecret } from '../platform/secret-box.ts';
import { EMAIL_SECRET_PURPOSE, chosenTransport, loadEmailSettings } from './email-settings.ts';
import type { Mailer, MailMessage } from './mailer.ts';
import { SendGridMailer } from './sendgrid-mailer.ts';
import { SmtpMailer } from './smtp-mailer.ts';

type Transport = Mailer['adapter'];

/** The month's delivery stream (`mail-deliveries-2026-11`). */
export const deliveriesStream = (at: Date) => `mail-deliveries-${at.toISOString().slice(0, 7)}`;

/**
 * The mailer every feature sends through: the transport an admin configured (read from the
 * log before each message, so a change applies to the next one without a restart), else
 * the one the environment chose (the outbox folder by default). A message marked
 * `environmentOnly` always takes the environment's. Each hand-over, or refusal, is recorded
 * without its recipient or content, for the admin's statistics.
 */
export class ConfiguredMailer implements Mailer {
  private configured: { revision: number; mailer: Mailer } | null = null;

  constructor(
    private readonly events: EventStore,
    private readonly secret: string,
    private readonly fallback: Mailer,
    private readonly clock: () => Date,
    private readonly log: (error: unknown, message: string) => void,
    /** Where SendGrid's API is (tests point it at a local server). */
    private readonly sendgridBaseUrl?: string,
  ) {}

  /** The environment's transport: the one used while the admin's settings choose none. */
  get adapter(): Transport {
    return this.fallback.adapter;
  }

  /** The mailer the settings choose now. */
  async current(): Promise<Mailer> {
    const { settings, revision } = await loadEmailSettings(this.events);
    const transport = revision === null ? null : chosenTransport(settings);
    if (revision === null || transport === null) return this.fallback;
    if (this.configured?.revision === revision) return this.configured.mailer;
    const previous = this.configured?.mailer;
    let mailer: Mailer;
    if (transport === 'sendgrid') {
      const from = settings.sendgrid_from_name ? `${settings.sendgrid_from_name} <${settings.sendgrid_from_email}>` : settings.sendgrid_from_email;
      mailer = new SendGridMailer(decryptSecret(this.secret, EMAIL_SECRET_PURPOSE, settings.sendgrid_api_key_encrypted), from, {
        baseUrl: this.sendgridBaseUrl,
      });
    } else {
      const password = settings.smtp_password_encrypted ? decryptSecret(this.secret, EMAIL_SECRET_PURPOSE, settings.smtp_password_encrypted) : '';
      mailer = new SmtpMailer(
        {
          host: settings.smtp_server,
          port: settings.smtp_port,
          // Port 465 speaks TLS from the start; others upgrade with STARTTLS when the server offers it.
          secure: settings.smtp_port === 465,
          ...(settings.smtp_username ? { auth: { user: settings.smtp_username, pass: password } } : {}),
        },
        settings.from_email,
      );
    }
    this.configured = { revision, mailer };
    await previous?.close();
    return mailer;
  }

  async send(message: MailMessage): Promise<void> {
    const mailer = message.environmentOnly ? this.fallback : await this.current();
    try {
      await mailer.send(message);
    } catch (error) {
      await this.record(message.purpose, mailer.adapter, error instanceof Error ? error.message : String(error));
      throw error;
    }
    await this.record(message.purpose, mailer.adapter, '');
  }

  private async record(purpose: MailPurpose = 'other', transport: Transport, error: string): Promise<void> {
    const now = this.clock();
    // A transport's refusal may quote the recipient (`550 <bob@example.com>: …`): the record never holds one.
    const reason = error.replace(/[^\s<>@"']+@[^\s<>@"']+/g, '[address]').slice(0, 500);
    const context = { actor: { kind: 'system', id: 'mailer' }, correlationId: randomUUID(), now } as const;
    const event = { type: 'MailDelivered', data: { purpose, transport, ok: error === '', error: reason } } as const;
    // The message went (or failed) either way: a statistics entry that cannot be written is only logged.
    await recordFact(this.events, context, { stream: deliveriesStream(now), event }).catch((failure: unknown) =>
      this.log(failure, 'Could not record a mail delivery'),
    );
  }

  async close(): Promise<void> {
    await Promise.all([this.fallback.close(), this.configured?.mailer.close()]);
  }
}
