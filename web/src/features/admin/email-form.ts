import type { MailPurpose } from '@linkledger/contracts';
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

/** Every purpose a delivery is recorded with, in words: a key never reaches the screen (the compiler asks for a new purpose's name). */
const PURPOSE_NAMES: Record<MailPurpose, string> = {
  verify_email: 'Verification',
  reset_password: 'Password reset',
  test: 'Test',
  receipt: 'Payment receipt',
  renewal_reminder: 'Renewal reminder',
  email_change: 'E-mail change confirmation',
  email_change_notice: 'E-mail change notice',
  support_ticket: 'Support ticket',
  support_reply: 'Support reply',
  weekly_summary: 'Weekly summary',
  usage_warning: 'Usage warning',
  moderation_notice: 'Link moderation notice',
  domain_claim_dropped: 'Domain claim dropped',
  account_deleted: 'Account deleted',
  security_notice: 'Security notice to the super admin',
  workspace_invite: 'Workspace invite',
  trai_decision: 'TRAI header decision',
  link_expired: 'Link expired',
  webhook_failing: 'Webhook failing',
  other: 'Other',
};

/** The purposes always listed, sent or not; the others appear once the month has some. */
const ALWAYS_LISTED = ['verify_email', 'reset_password', 'test', 'other'];

/** A purpose this screen does not know yet, in words: "some_new_thing" → "Some new thing". */
const wordsOf = (purpose: string) => {
  const words = purpose.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : purpose;
};

const purposeLabel = (purpose: string): string => (PURPOSE_NAMES as Record<string, string>)[purpose] ?? wordsOf(purpose);

/** This month's counts by purpose: the main purposes always (0 when none), in a fixed order, then any other the month has. */
export function purposeRows(byPurpose: Record<string, number>): { purpose: string; label: string; count: number }[] {
  const extra = Object.keys(byPurpose).filter((purpose) => !ALWAYS_LISTED.includes(purpose));
  return [...ALWAYS_LISTED, ...extra].map((purpose) => ({ purpose, label: purposeLabel(purpose), count: byPurpose[purpose] ?? 0 }));
}

/** The verification rate as the tile shows it: "66.7 %", "0 %". */
export const rateLabel = (percent: number): string => `${percent.toLocaleString('en-IN', { maximumFractionDigits: 1 })} %`;

/** "2026-06" as "June 2026" (the statistics' calendar month, UTC). */
export const monthLabel = monthYearLabel;
