import { domainEventOf, type ImportRowOutcome, type ImportStarted } from '@linkledger/contracts';
import { MonthlyLimitReached } from '../billing/index.ts';
import { handleCommand } from '../commands/command-handler.ts';
import { loadStream, type CommandContext } from '../commands/command-context.ts';
import { DomainError } from '../commands/domain-error.ts';
import { placeLink } from '../domains/index.ts';
import type { Logger, Platform } from '../platform/platform.ts';
import { RoundsScheduler, type RoundSteps } from '../platform/scheduled-rounds.ts';
import { failImportDecider, recordImportPageDecider } from './import-deciders.ts';
import type { ImportSource } from './import-source.ts';
import { evolveImportJob, type ImportJob } from './import-state.ts';
import { importRow, type RowJob } from './import-row.ts';
import { openImportSource } from './open-source.ts';

/** A round also runs every minute, so a job whose prompt was missed still runs. */
const TICK_MS = 60_000;
/** Import jobs a round looks at, newest first (older ones have long finished). */
const JOBS_SCANNED = 10_000;

/** The stream of a job's uploaded file (a CSV import's). */
export const importFileStream = (jobId: number) => `import-file-${jobId}`;

/**
 * Works import jobs in the background (docs/import.md#progress), where the projectors run:
 * a round at start (so a restart resumes every running job after its last recorded page),
 * one when a job starts or is resumed, one every minute. A job runs page by page: each page's
 * rows are imported, then recorded with their outcomes in one event. A source that fails, the
 * workspace's monthly limit running out or a store fault fails the job resumable; a source
 * that cannot be opened fails it for good. Jobs run one at a time.
 */
export class ImportRunner extends RoundsScheduler {
  /** Opens a job's source (open-source.ts); only a test puts a source of its own here. */
  openSource: (started: ImportStarted, file: string | null) => ImportSource = (started, file) => openImportSource(this.platform, started, file);

  constructor(
    private readonly platform: Platform,
    private readonly log: Logger,
  ) {
    super(platform, log, 'import-runner', { name: 'the import runner', prompting: ['ImportStarted', 'ImportResumed'], following: 'imports', tickMs: TICK_MS });
  }

  protected steps(): RoundSteps {
    return [['work the running imports', () => this.workRunningJobs()]];
  }

  private async workRunningJobs(): Promise<void> {
    const started = await this.platform.events.readAll({ filter: { types: ['ImportStarted'] }, direction: 'backward', limit: JOBS_SCANNED });
    const jobIds = started.flatMap((recorded) => {
      const event = domainEventOf(recorded);
      return event?.type === 'ImportStarted' ? [event.data.job_id] : [];
    });
    for (const jobId of jobIds.reverse()) await this.work(jobId);
  }

  private async work(jobId: number): Promise<void> {
    let source: ImportSource | null = null;
    for (;;) {
      const { state: job } = await loadStream(this.platform.events, `import-${jobId}`, null, evolveImportJob);
      if (!job || job.status !== 'running') return;
      const context = this.context(this.platform.clock());
      try {
        source ??= await this.open(job);
      } catch (error) {
        await this.fail(context, jobId, reasonOf(error), false);
        return;
      }
      const page = await source.page(job.cursor).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
      if (page instanceof Error) {
        await this.fail(context, jobId, `The source failed: ${reasonOf(page)}`, true);
        return;
      }
      const outcomes: ImportRowOutcome[] = [];
      try {
        const rowJob = await this.rowJob(job);
        for (const [index, link] of page.links.entries()) outcomes.push(await importRow(this.platform, context, rowJob, link, job.outcomes.length + index + 1));
      } catch (error) {
        if (!(error instanceof DomainError)) this.log.error(error, `Import ${jobId} stopped while importing a page`);
        const reason =
          error instanceof MonthlyLimitReached
            ? `${error.detail} The import continues where it stopped when you resume it.`
            : error instanceof DomainError
              ? error.detail
              : 'Links could not be saved just now.';
        await this.fail(context, jobId, reason, true);
        return;
      }
      const total = page.total ?? null;
      try {
        await handleCommand(this.commands, context, recordImportPageDecider, { jobId, afterPages: job.pages, cursor: page.next, total, outcomes });
      } catch (error) {
        // Cancelled meanwhile, or recorded by another round: read the job again.
        if (!(error instanceof DomainError)) throw error;
      }
    }
  }

  private async open(job: ImportJob): Promise<ImportSource> {
    const file = job.started.source === 'csv' ? await this.fileOf(job.started.job_id) : null;
    return this.openSource(job.started, file);
  }

  private async fileOf(jobId: number): Promise<string | null> {
    const event = (await this.platform.events.readStream(importFileStream(jobId)))
      .map(domainEventOf)
      .find((recorded) => recorded?.type === 'ImportFileUploaded');
    return event?.type === 'ImportFileUploaded' ? event.data.text : null;
  }

  private async rowJob(job: ImportJob): Promise<RowJob> {
    const { started } = job;
    return {
      jobId: started.job_id,
      workspaceId: started.workspace_id,
      source: started.source,
      publicBase: started.public_base,
      ownHosts: started.own_hosts,
      placement: await placeLink(this.platform, started.workspace_id, { custom_domain: started.target_domain, trai_header: null }),
      tag: started.tag,
    };
  }

  private async fail(context: CommandContext, jobId: number, reason: string, resumable: boolean): Promise<void> {
    await handleCommand(this.commands, context, failImportDecider, { jobId, reason, resumable });
  }
}

const reasonOf = (error: unknown) => (error instanceof DomainError ? error.detail : error instanceof Error ? error.message : String(error));
