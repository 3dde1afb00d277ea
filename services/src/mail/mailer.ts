import type { MailPurpose } from '@linkledger/contracts';

/** One message to one person; `text` and `html` carry the same content. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What the message is for: counted in the delivery statistics, never sent. */
  purpose?: MailPurpose;
  /** Files sent with the message (a receipt's PDF). */
  attachments?: MailAttachment[];
  /**
   * Only through the transport the operator set in the environment, never an admin's mail
   * settings: an admin's or the super admin's sign-in-capable link, and the notices of those
   * settings' changes (docs/admin.md#e-mail).
   */
  environmentOnly?: boolean;
}

interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** The mail port. Adapters: outbox folder (default), SendGrid, SMTP; chosen in create-mailer.ts. */
export interface Mailer {
  /** Which adapter this is, for health reports and logs. */
  readonly adapter: 'outbox' | 'sendgrid' | 'smtp';
  /** Resolves once the message is handed over (written, accepted by the service or the server). */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
