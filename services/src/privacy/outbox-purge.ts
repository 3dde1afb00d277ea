import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { OutboxFile } from '../mail/outbox-mailer.ts';

/**
 * Deletes every message in the outbox folder that names one of the addresses (to, subject
 * or body), with its attachments: after an account is deleted no copy of its address stays
 * in the data directory (docs/privacy.md#deleting-an-account). Answers how many went.
 */
export async function purgeOutbox(folder: string, addresses: readonly string[]): Promise<number> {
  const wanted = addresses.map((address) => address.toLowerCase()).filter(Boolean);
  if (wanted.length === 0) return 0;
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names.filter((file) => file.endsWith('.json'))) {
    const path = join(folder, name);
    const text = await readFile(path, 'utf8');
    let message: Partial<OutboxFile> = {};
    try {
      message = JSON.parse(text) as OutboxFile;
    } catch {
      // Not one of ours in a readable form: judged by its raw text alone.
    }
    // The parsed fields too: JSON may have escaped characters of an address in the raw text.
    const fields = [text, message.to, message.subject, message.text, message.html]
      .filter((field): field is string => typeof field === 'string')
      .map((field) => field.toLowerCase());
    if (!wanted.some((address) => fields.some((field) => namesAddress(field, address)))) continue;
    for (const attachment of message.attachments ?? []) await rm(attachment.file, { force: true });
    await rm(path, { force: true });
    removed += 1;
  }
  return removed;
}

/** Whether the text names this whole address: `a@b.co` is not in `aa@b.com`. */
function namesAddress(text: string, address: string): boolean {
  const addressChar = /[\p{L}\p{N}._%+'@-]/u;
  for (let at = text.indexOf(address); at !== -1; at = text.indexOf(address, at + 1)) {
    const before = text[at - 1];
    const [after, afterThat] = [text[at + address.length], text[at + address.length + 1]];
    // A full stop ends a sentence, unless the domain goes on after it (a@b.co in a@b.co.uk).
    const endsHere = after === undefined || !addressChar.test(after) || (after === '.' && (afterThat === undefined || !addressChar.test(afterThat)));
    if ((before === undefined || !addressChar.test(before)) && endsHere) return true;
  }
  return false;
}
