import type { FastifyRequest } from 'fastify';
import type { DomainEvent, EmailSettings, EventStore } from '@linkledger/contracts';
import { requireTrustedOrigin } from '../http/origins.ts';
import type { Platform } from '../platform/platform.ts';
import { foldEvents } from '../commands/event-port.ts';

/** The stream an admin's e-mail settings live on (docs/admin.md#e-mail). */
export const EMAIL_SETTINGS_STREAM = 'email-settings';
export const EMAIL_SECRET_PURPOSE = 'email-settings';
export const DEFAULT_SMTP_PORT = 587;

export const noEmailSettings: EmailSettings = {
  sendgrid_api_key_encrypted: '',
  sendgrid_from_email: '',
  sendgrid_from_name: '',
  frontend_url: '',
  smtp_server: '',
  smtp_port: DEFAULT_SMTP_PORT,
  smtp_username: '',
  smtp_password_encrypted: '',
  from_email: '',
};

export function evolveEmailSettings(state: EmailSettings, event: DomainEvent): EmailSettings {
  return event.type === 'EmailSettingsConfigured' ? event.data : state;
}

/** Which transport the settings choose: SendGrid with an API key, else SMTP with a server, else none (the default mailer). */
export function chosenTransport(settings: EmailSettings): 'sendgrid' | 'smtp' | null {
  if (settings.sendgrid_api_key_encrypted) return 'sendgrid';
  if (settings.smtp_server) return 'smtp';
  return null;
}

/** The settings as last recorded, and the revision they were read at (null: never set). */
export async function loadEmailSettings(events: EventStore): Promise<{ settings: EmailSettings; revision: number | null; at: string | null }> {
  const recorded = await events.readStream(EMAIL_SETTINGS_STREAM);
  return {
    settings: foldEvents(recorded, evolveEmailSettings, noEmailSettings),
    revision: recorded.at(-1)?.revision ?? null,
    at: recorded.at(-1)?.metadata.at ?? null,
  };
}

/**
 * Where e-mailed links lead: the admin's frontend URL when set, else the installation's own
 * trusted origin (docs/admin.md#e-mail).
 */
export async function mailLinkBase(platform: Pick<Platform, 'config' | 'events'>, request: FastifyRequest): Promise<string> {
  const { settings } = await loadEmailSettings(platform.events);
  return settings.frontend_url || requireTrustedOrigin(platform.config, request);
}
