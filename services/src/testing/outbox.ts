import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OutboxFile } from '../mail/outbox-mailer.ts';

/** The messages in a data directory's outbox, oldest first; one still being written is left out until it is whole. */
export function outbox(dataDir: string): OutboxFile[] {
  const folder = join(dataDir, 'outbox');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .sort()
    .flatMap((file) => {
      try {
        return [JSON.parse(readFileSync(join(folder, file), 'utf8')) as OutboxFile];
      } catch (error) {
        if (error instanceof SyntaxError) return [];
        throw error;
      }
    });
}

/** The link a message carries to one of the web app's screens, as a person would click it. */
export function linkIn(text: string, screen: string): URL {
  const match = text.match(new RegExp(`https?://\\S+/${screen}\\?token=[\\w%-]+`));
  if (!match) throw new Error(`no /${screen} link in: ${text}`);
  return new URL(match[0]);
}

/**
 * The newest message to one address, if any; with `containing`, the newest whose text has it
 * (messages saved in the same millisecond have no order: name the one you want).
 */
export const latestMail = (dataDir: string, to: string, containing?: string): OutboxFile | undefined =>
  outbox(dataDir)
    .filter((mail) => mail.to === to && (containing === undefined || mail.text.includes(containing)))
    .at(-1);
