import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { Mailer, MailMessage } from './mailer.ts';

/** What an outbox file holds: the message as it would have been sent. */
export interface OutboxFile extends Omit<MailMessage, 'attachments'> {
  from: string;
  at: string;
  /** Each attachment is saved beside the message, under this file name. */
  attachments?: { filename: string; contentType: string; file: string }[];
}

/**
 * The embedded mailer: each message becomes a JSON file in the outbox folder (readable by
 * the service's user only) and a log line naming the file. The line carries no link, no
 * address and no subject: links in these messages sign people in, and logs travel further than files.
 */
export class OutboxMailer implements Mailer {
  readonly adapter = 'outbox';

  constructor(
    readonly folder: string,
    private readonly from: string,
    private readonly log: (message: string) => void,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async send(message: MailMessage): Promise<void> {
    const at = this.clock();
    await mkdir(this.folder, { recursive: true, mode: 0o700 });
    const file = join(this.folder, `${at.toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.json`);
    const { to, subject, text, html, attachments = [] } = message;
    const saved = [];
    for (const [index, attachment] of attachments.entries()) {
      // Our own name for the file: the attachment's name is shown, never trusted as a path.
      const name = `${file.slice(0, -'.json'.length)}-attachment-${index + 1}${extname(attachment.filename)
        .replace(/[^.a-z0-9]/gi, '')
        .slice(0, 8)}`;
      await writeFile(name, attachment.content, { mode: 0o600, flag: 'wx' });
      saved.push({ filename: attachment.filename, contentType: attachment.contentType, file: name });
    }
    const stored: OutboxFile = { from: this.from, at: at.toISOString(), to, subject, text, html, ...(saved.length ? { attachments: saved } : {}) };
    // Readable by the owner only: the links in it sign people in.
    await writeFile(file, JSON.stringify(stored, null, 2), { mode: 0o600, flag: 'wx' });
    // Its purpose, never its subject: a subject can be a person's own words (a support ticket's).
    this.log(`Mail (${message.purpose ?? 'other'}) saved to ${file}`);
  }

  async close(): Promise<void> {}
}
