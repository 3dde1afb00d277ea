import { monthYearLabel } from '../../format/dates.ts';
import type { EmailConfig, EmailConfigInput, MailStats } from './admin-api.ts';

// The e-mail tab's pure parts (docs/admin.md#e-mail): the form, the body it saves, the names it shows.

export const DEFAULT_SMTP_PORT = 587;

/** What the form edits. Secrets always start empty: the server only ever answers them masked. */
export interface EmailForm {
  sendgrid_api_key: string;
  clear_sendgrid_api_key: boolean;
  sendgrid_from_email: string;
  sendgrid_from_name: string;
  frontend_url: string;
  smtp_server: string;
  /** As typed; empty means the default port. */
  smtp_port: string;
  smtp_username: string;
  smtp_password: string;
  from_email: string;
}

export function emailFormFrom(config: EmailConfig): EmailForm {
  return {
    sendgrid_api_key: '',
    clear_sendgrid_api_key: false,
    sendgrid_from_email: config.sendgrid_from_email,
    sendgrid_from_name: config.sendgrid_from_name,
    frontend_url: config.frontend_url,
    smtp_server: config.smtp_server,
    smtp_port: String(config.smtp_port || DEFAULT_SMTP_PORT),
    smtp_username: config.smtp_username,
    smtp_password: '',
    from_email: config.from_email,
  };
}

/**
 * The body of POST /api/admin/email-config. An empty key or password keeps the stored one;
 * forgetting the key sends no new key with it, so what was typed cannot override the choice.
 */
export function emailSaveBody(form: EmailForm): EmailConfigInput {
  const port = form.smtp_port.trim();
  return {
    sendgrid_api_key: form.clear_sendgrid_api_key ? '' : form.sendgrid_api_key.trim(),
    clear_sendgrid_api_key: form.clear_sendgrid_api_key,
    sendgrid_from_email: form.sendgrid_from_email.trim(),
    sendgrid_from_name: form.sendgrid_from_name.trim(),
    frontend_url: form.frontend_url.trim(),
    smtp_server: form.smtp_server.trim(),
    smtp_port: port === '' ? DEFAULT_SMTP_PORT : Number(port),
    smtp_username: form.smtp_username.trim(),
    // Sent as typed: spaces may belong to a password.
    smtp_password: form.smtp_password,
    from_email: form.from_email.trim(),
  };
}

/** The hint under a secret's input: which one is stored (masked by the server), and that empty keeps it. */
export function storedSecretHint(masked: string): string {
  return masked ? `Stored: ${masked}. Leave empty to keep it.` : 'None stored.';
}

export type Transport = MailStats['transport'];
export const TRANSPORT_NAMES: Record<Transport, string> = {
  sendgrid: 'SendGrid',
  smtp: 'SMTP',
  outbox: 'Outbox (saved in the data directory, not sent)',
};

const PURPOSE_NAMES: Record<string, string> = {
  verify_email: 'Verification',
  reset_password: 'Password reset',
  test: 'Test',
  other: 'Other',
};

/** This month's counts by purpose: the known purposes always (0 when none), in a fixed order, then any the server adds. */
export function purposeRows(byPurpose: Record<string, number>): { purpose: string; label: string; count: number }[] {
  const known = Object.keys(PURPOSE_NAMES);
  const extra = Object.keys(byPurpose).filter((purpose) => !known.includes(purpose));
  return [...known, ...extra].map((purpose) => ({ purpose, label: PURPOSE_NAMES[purpose] ?? purpose, count: byPurpose[purpose] ?? 0 }));
}

/** "2026-06" as "June 2026" (the statistics' calendar month, UTC). */
export const monthLabel = monthYearLabel;
