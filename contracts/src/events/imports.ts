import { z } from 'zod';
import { ImportSourceName } from './link-organization.ts';

/**
 * An import job (docs/import.md), one stream per job (`import-{id}`): started with where it
 * reads from, then one event per page of links it worked, until it finishes, fails or is
 * cancelled. A failed job that can resume is resumed from the page after its last recorded one.
 */
const ImportStartedV1 = z.object({
  job_id: z.number().int().positive(),
  workspace_id: z.number().int().positive(),
  source: ImportSourceName,
  /** The source's API address ('' for a CSV file). */
  base_url: z.string(),
  /** The user's token, key or signature, sealed with the installation's secret box; null when the source needs none. */
  credential_sealed: z.string().nullable(),
  /** Where short links are answered when the job started: the base of the short URLs it gives, and the hosts a destination may not loop back to. */
  public_base: z.string(),
  own_hosts: z.array(z.string()),
  /** Our domain the links go on (null: the workspace's default) and a tag every imported link gets. */
  target_domain: z.string().nullable(),
  tag: z.string().nullable(),
});
export type ImportStarted = z.infer<typeof ImportStartedV1>;

export const IMPORT_OUTCOMES = ['created', 'code_changed', 'duplicate', 'failed'] as const;
const ImportOutcome = z.enum(IMPORT_OUTCOMES);

/** What became of one row of the source: created (its code kept, or a new one drawn), skipped as already imported, or failed. */
export const ImportRowOutcome = z.object({
  /** 1-based, in the order the source lists its links. */
  row: z.number().int().positive(),
  original_short_url: z.string(),
  outcome: ImportOutcome,
  link_id: z.number().int().positive().nullable(),
  short_url: z.string().nullable(),
  /** Why it failed, or was skipped; null when created. */
  reason: z.string().nullable(),
});
export type ImportRowOutcome = z.infer<typeof ImportRowOutcome>;

const ImportPageDoneV1 = z.object({
  job_id: z.number().int().positive(),
  /** Where the next page starts; null after the last. */
  cursor: z.string().nullable(),
  /** How many links the source holds, when it says. */
  total: z.number().int().nonnegative().nullable(),
  outcomes: z.array(ImportRowOutcome),
});
export type ImportPageDone = z.infer<typeof ImportPageDoneV1>;

/** A CSV import's file, as uploaded: on a stream of its own (`import-file-{id}`), appended with the job's start, read only by the job. */
const ImportFileUploadedV1 = z.object({ job_id: z.number().int().positive(), text: z.string() });

const ImportFinishedV1 = z.object({ job_id: z.number().int().positive() });

/** The job stopped: the source failed or the workspace's monthly link limit ran out; `resumable` when a resume can continue it. */
const ImportFailedV1 = z.object({ job_id: z.number().int().positive(), reason: z.string(), resumable: z.boolean() });
export type ImportFailed = z.infer<typeof ImportFailedV1>;

const ImportResumedV1 = z.object({ job_id: z.number().int().positive() });
const ImportCancelledV1 = z.object({ job_id: z.number().int().positive() });

/**
 * A row's link, claimed on a stream named by the workspace and the link's address at the
 * source (or the job and row when it has none), in the same append as the link: a page worked
 * again after a restart finds it, and so does a later import of the same links.
 */
const ImportedLinkClaimedV1 = z.object({ job_id: z.number().int().positive(), link_id: z.number().int().positive() });

/** Visits the source listed one by one, on the link's clicks stream, at most 500 per event; counted as "imported", never as live clicks. */
export const IMPORTED_VISITS_PER_EVENT = 500;
const VisitsImportedV1 = z.object({
  link_id: z.number().int().positive(),
  owner_id: z.number().int().positive(),
  job_id: z.number().int().positive(),
  visits: z
    .array(z.object({ at: z.string(), country: z.string(), referrer: z.string(), user_agent: z.string() }))
    .min(1)
    .max(IMPORTED_VISITS_PER_EVENT),
});
export type VisitsImported = z.infer<typeof VisitsImportedV1>;

/** A source that only counts (YOURLS, Bitly, Kutt): the count it gave, kept on the link as imported clicks with no times. */
const ClickCountImportedV1 = z.object({
  link_id: z.number().int().positive(),
  job_id: z.number().int().positive(),
  clicks: z.number().int().positive(),
});

export const importEvents = {
  ImportStarted: { 1: ImportStartedV1 },
  ImportFileUploaded: { 1: ImportFileUploadedV1 },
  ImportPageDone: { 1: ImportPageDoneV1 },
  ImportFinished: { 1: ImportFinishedV1 },
  ImportFailed: { 1: ImportFailedV1 },
  ImportResumed: { 1: ImportResumedV1 },
  ImportCancelled: { 1: ImportCancelledV1 },
  ImportedLinkClaimed: { 1: ImportedLinkClaimedV1 },
  VisitsImported: { 1: VisitsImportedV1 },
  ClickCountImported: { 1: ClickCountImportedV1 },
} as const;
