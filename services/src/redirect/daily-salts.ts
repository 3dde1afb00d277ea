import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SALT_BYTES = 32;

/** Where the day's salts are kept under the data directory: every hasher of visitors (clicks, page views) shares them. */
export const visitorSaltsFolder = (dataDir: string) => join(dataDir, 'visitor-salts');
const SALT_FILE = /^(\d{4}-\d{2}-\d{2})\.salt$/;

/**
 * The random salt of each UTC day's visitor hashes, kept in one file per day under the data
 * directory (0600) so that every process on that directory, and a restarted one, hashes a
 * visitor alike all day: unique visitors stay exact. When a day begins, the salts of earlier
 * days are overwritten and deleted: their clicks are all in, and without the salt a stored
 * hash cannot be matched to an address again, even by someone holding the whole directory.
 */
export class DailySalts {
  private day = '';
  private salt: Buffer = Buffer.alloc(0);

  constructor(private readonly folder: string) {}

  /** The salt of a day (YYYY-MM-DD), made by whichever process asks first. */
  saltFor(day: string): Buffer {
    if (day === this.day) return this.salt;
    mkdirSync(this.folder, { recursive: true, mode: 0o700 });
    const file = join(this.folder, `${day}.salt`);
    // Written whole under another name, then linked into place: link refuses to replace a
    // salt another process made first, and no reader ever sees half a file.
    const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      // Inside the try: a write refused half-way (a full disk) leaves no draft behind.
      writeFileSync(draft, randomBytes(SALT_BYTES), { mode: 0o600 });
      linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      rmSync(draft, { force: true });
    }
    this.salt = readFileSync(file);
    this.day = day;
    this.destroyBefore(day);
    return this.salt;
  }

  /** Days whose salt still exists (for tests and the privacy docs' claim). */
  kept(): string[] {
    return readdirSync(this.folder)
      .map((name) => SALT_FILE.exec(name)?.[1])
      .filter((day): day is string => day !== undefined)
      .sort();
  }

  private destroyBefore(day: string): void {
    for (const earlier of this.kept().filter((kept) => kept < day)) {
      const file = join(this.folder, `${earlier}.salt`);
      try {
        writeFileSync(file, Buffer.alloc(SALT_BYTES), { flag: 'r+' });
        rmSync(file, { force: true });
      } catch {
        // Another process destroyed it first.
      }
    }
  }
}
