import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Mailer, MailMessage } from './mailer.ts';

/** What an outbox file holds: the message as it would have been sent. */
export interface OutboxFile extends MailMessage {
  from: string;
  at: string;
}

/**
 * The embedded mailer: each message becomes a JSON file in the outbox folder (readable by
 * the service's user only) and a log line naming the file. The line carries no link and no
 * address: links in these messages sign people in, and logs travel further than files.
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
    const { to, subject, text, html } = message;
    const stored: OutboxFile = { from: this.from, at: at.toISOString(), to, subject, text, html };
    // Readable by the owner only: the links in it sign people in.
    await writeFile(file, JSON.stringify(stored, null, 2), { mode: 0o600, flag: 'wx' });
    this.log(`Mail "${message.subject}" saved to ${file}`);
  }

  async close(): Promise<void> {}
}
