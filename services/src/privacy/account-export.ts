import { randomUUID } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readdirSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { Zip, ZipDeflate, strToU8 } from 'fflate';
import type { AnalyticsStore, ClickRow, Doc, ReadStore, Where } from '@linkledger/contracts';
import { API_KEYS, CUSTOM_DOMAINS, LINKS, PAYMENTS, SUBSCRIPTIONS, SUPPORT_TICKETS, TRAI_DOMAINS, USERS, type ApiKeyView } from '@linkledger/projections';
import { inertCell } from '../formats/spreadsheet-cell.ts';

/** An export's file stays downloadable this long, then it is deleted (docs/privacy.md#your-data). */
const EXPORT_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Clicks are read this many at a time, so a large account's export reports progress as it goes. */
const CLICK_PAGE = 5000;

type ExportStatus = 'running' | 'ready' | 'failed';

export interface ExportJob {
  id: string;
  userId: number;
  status: ExportStatus;
  /** Clicks written so far and in all (0 of 0 until counted). */
  clicksDone: number;
  clicksTotal: number;
  startedAt: string;
  finishedAt: string | null;
  expiresAt: string | null;
  file: string | null;
  error: string | null;
}

interface AccountExportDeps {
  read: ReadStore;
  analytics: AnalyticsStore;
  dataDir: string;
  clock: () => Date;
  log: { error(error: unknown, message: string): void };
}

/** The columns of clicks.csv, in this order. */
const CLICK_COLUMNS = ['Time (UTC)', 'Link ID', 'Country', 'Referrer', 'Source', 'Browser', 'OS', 'Device', 'Bot'] as const;

/** A click as the export reads it: numbers may come back as strings from ClickHouse. */
type ClickLine = Omit<ClickRow, 'position' | 'link_id' | 'owner_id' | 'is_bot' | 'visitor_hash' | 'destination' | 'rule' | 'variant'> & {
  position: number | string;
  link_id: number | string;
  is_bot: number | string;
};

/**
 * "Your data": everything the account holds, gathered in the background into one zip
 * (docs/privacy.md#your-data). Jobs live in this process; their files in DATA_DIR/exports,
 * readable by the service's user only, deleted after a day or when the account is deleted.
 */
export class AccountExports {
  private readonly jobs = new Map<string, ExportJob>();
  private readonly folder: string;

  constructor(private readonly deps: AccountExportDeps) {
    this.folder = join(deps.dataDir, 'exports');
    // Files of an earlier run whose day is over (their jobs were in that process).
    const cutoff = deps.clock().getTime() - EXPORT_LIFETIME_MS;
    for (const name of this.files()) if (statSync(join(this.folder, name)).mtimeMs < cutoff) rmSync(join(this.folder, name), { force: true });
  }

  /** The user's running export, or a new one. */
  start(userId: number): ExportJob {
    this.forgetExpired();
    const running = this.latest(userId);
    if (running?.status === 'running') return running;
    if (running) this.remove(running);
    const job: ExportJob = {
      id: randomUUID(),
      userId,
      status: 'running',
      clicksDone: 0,
      clicksTotal: 0,
      startedAt: this.deps.clock().toISOString(),
      finishedAt: null,
      expiresAt: null,
      file: null,
      error: null,
    };
    this.jobs.set(job.id, job);
    void this.run(job);
    return job;
  }

  /** The user's latest export, if any is kept. */
  latest(userId: number): ExportJob | null {
    this.forgetExpired();
    let found: ExportJob | null = null;
    for (const job of this.jobs.values()) if (job.userId === userId) found = job;
    return found;
  }

  /** Removes every export of the user, files included (the account is being deleted). */
  forgetUser(userId: number): void {
    for (const job of [...this.jobs.values()]) if (job.userId === userId) this.remove(job);
    // An earlier run's files too: they are named by their user.
    for (const name of this.files()) if (name.startsWith(`${userId}-`)) rmSync(join(this.folder, name), { force: true });
  }

  private files(): string[] {
    try {
      return readdirSync(this.folder);
    } catch {
      return [];
    }
  }

  /** Waits for a job to end (tests and shutdown). */
  async settled(id: string): Promise<ExportJob | undefined> {
    for (;;) {
      const job = this.jobs.get(id);
      if (!job || job.status !== 'running') return job;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  private async run(job: ExportJob): Promise<void> {
    const file = join(this.folder, `${job.userId}-${job.id}.zip`);
    let zip: ZipFile | null = null;
    try {
      mkdirSync(this.folder, { recursive: true, mode: 0o700 });
      zip = new ZipFile(file);
      await this.gather(job, zip);
      zip.finish();
      const now = this.deps.clock();
      Object.assign(job, { status: 'ready', file, finishedAt: now.toISOString(), expiresAt: new Date(now.getTime() + EXPORT_LIFETIME_MS).toISOString() });
      if (!this.jobs.has(job.id)) rmSync(file, { force: true }); // forgotten (account deleted) meanwhile
    } catch (error) {
      zip?.abandon();
      this.deps.log.error(error, `Account export ${job.id} failed`);
      Object.assign(job, { status: 'failed', error: 'The export could not be completed. Please try again.', finishedAt: this.deps.clock().toISOString() });
    }
  }

  private async gather(job: ExportJob, zip: ZipFile): Promise<void> {
    const { read } = this.deps;
    const userId = job.userId;
    const mine = async <T extends Doc>(collection: string, where: Where) => read.find<T>(collection, { where });
    const user = await read.get(USERS, userId);
    if (!user) throw new Error(`User ${userId} has no document`);
    // Internal bookkeeping (when tokens stopped being accepted, when the latest began) is not the person's data.
    const profile = Object.fromEntries(Object.entries(user).filter(([field]) => field !== 'sessions_valid_after' && field !== 'sessions_started_until'));
    const json = (name: string, value: unknown) => zip.file(name, `${JSON.stringify(value, null, 2)}\n`);
    json('profile.json', { profile, subscription: await read.get(SUBSCRIPTIONS, userId) });
    json('links.json', await mine(LINKS, { owner_id: userId }));
    // Key metadata only: the key itself is shown once, in the dashboard.
    json(
      'api-keys.json',
      (await mine<ApiKeyView>(API_KEYS, { user_id: userId })).map(({ key_id, created_at }) => ({ key_id, created_at })),
    );
    json('payments.json', await mine(PAYMENTS, { user_id: userId }));
    json('support-tickets.json', await mine(SUPPORT_TICKETS, { user_id: userId }));
    json('custom-domains.json', await mine(CUSTOM_DOMAINS, { owner_id: userId }));
    json('trai-headers.json', await mine(TRAI_DOMAINS, { owner_id: userId }));
    await this.clicksCsv(job, zip.stream('clicks.csv'));
    zip.file('README.txt', readme(this.deps.clock()));
  }

  /** Page by page into the zip: a large account's clicks are never held in memory at once. */
  private async clicksCsv(job: ExportJob, csv: (text: string, last: boolean) => void): Promise<void> {
    const { analytics } = this.deps;
    const params = { owner: job.userId };
    const [count] = await analytics.query<{ n: number | string }>('SELECT count() AS n FROM clicks WHERE owner_id = {owner:UInt64}', params);
    job.clicksTotal = Number(count?.n ?? 0);
    csv(stringify([[...CLICK_COLUMNS]]), false);
    let after = 0;
    for (;;) {
      const page = await analytics.query<ClickLine>(
        `SELECT position, link_id, formatDateTime(at, '%Y-%m-%d %H:%i:%S') AS at, country, referrer, source, browser, os, device, is_bot
         FROM clicks WHERE owner_id = {owner:UInt64} AND position > {after:UInt64} ORDER BY position LIMIT ${CLICK_PAGE}`,
        { ...params, after },
      );
      if (page.length === 0) break;
      csv(
        stringify(
          page.map((click) => [
            click.at,
            String(click.link_id),
            click.country,
            inertCell(click.referrer),
            click.source,
            inertCell(click.browser),
            inertCell(click.os),
            click.device,
            Number(click.is_bot) ? 'yes' : 'no',
          ]),
        ),
        false,
      );
      after = Number(page[page.length - 1]!.position);
      job.clicksDone += page.length;
    }
    csv('', true);
  }

  private remove(job: ExportJob): void {
    this.jobs.delete(job.id);
    if (job.file) rmSync(job.file, { force: true });
  }

  private forgetExpired(): void {
    const now = this.deps.clock().getTime();
    for (const job of [...this.jobs.values()]) if (job.expiresAt && Date.parse(job.expiresAt) <= now) this.remove(job);
  }
}

function readme(at: Date): string {
  return [
    `Your Linkledger data, exported ${at.toISOString()}.`,
    '',
    'profile.json         your account and subscription',
    'links.json           your links, with their click totals',
    'clicks.csv           every click on your links (no visitor is identified: no IP address is ever kept)',
    'api-keys.json        when your API key was created (never the key itself)',
    'payments.json        your orders and receipts',
    'support-tickets.json your support requests and their replies',
    'custom-domains.json  your domains; trai-headers.json your TRAI headers',
    '',
  ].join('\n');
}

/**
 * A zip written to its file as it is made (fflate's streaming deflate), readable by the
 * service's user only. Entries are added one after another.
 */
class ZipFile {
  private readonly fd: number;
  private readonly zip: Zip;
  private failure: Error | null = null;
  private closed = false;

  constructor(private readonly path: string) {
    this.fd = openSync(path, 'w', 0o600);
    this.zip = new Zip((error, chunk) => {
      if (error) this.failure = error;
      else writeSync(this.fd, chunk);
    });
  }

  /** A whole entry at once. */
  file(name: string, text: string): void {
    this.stream(name)(text, true);
  }

  /** An entry fed in parts: call with `last` set to close it. */
  stream(name: string): (text: string, last: boolean) => void {
    const entry = new ZipDeflate(name, { level: 6 });
    this.zip.add(entry);
    return (text, last) => {
      entry.push(strToU8(text), last);
      if (this.failure) throw this.failure;
    };
  }

  finish(): void {
    this.zip.end();
    this.close();
    if (this.failure) throw this.failure;
  }

  /** Never throws: it runs when something else already failed. */
  abandon(): void {
    try {
      this.zip.terminate();
    } finally {
      this.close();
      rmSync(this.path, { force: true });
    }
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
  }
}
