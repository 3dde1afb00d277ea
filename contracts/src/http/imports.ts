import { z } from 'zod';
import { IMPORT_OUTCOMES, ImportRowOutcome } from '../events/imports.ts';
import { ImportSourceName } from '../events/link-organization.ts';

/** A CSV file an import takes, at most (docs/import.md#limits). */
const IMPORT_FILE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * A new import (docs/import.md): the source, where it is and the user's credential for it
 * (Bitly: a token; Shlink and Kutt: the server's address and an API key; YOURLS: its address
 * and signature token), or a CSV file's text; optionally our domain for the links and a tag
 * every imported link gets.
 */
export const StartImportBody = z.strictObject({
  source: ImportSourceName,
  url: z.string({ message: 'url must be text' }).trim().max(2000, 'url must be at most 2,000 characters').optional(),
  credential: z.string({ message: 'credential must be text' }).max(1000, 'credential must be at most 1,000 characters').optional(),
  file: z
    .string({ message: 'file must be the CSV file’s text' })
    .refine((text) => new TextEncoder().encode(text).length <= IMPORT_FILE_MAX_BYTES, 'file must be at most 5 MB')
    .optional(),
  target_domain: z.string({ message: 'target_domain must be text' }).trim().min(1).max(253).nullish(),
  tag: z.string({ message: 'tag must be text' }).trim().min(1, 'tag must not be empty').max(50, 'tag must be at most 50 characters').nullish(),
});
export type StartImportBody = z.infer<typeof StartImportBody>;

const IMPORT_STATUSES = ['running', 'finished', 'failed', 'cancelled'] as const;

/** An import's progress as the Import screen shows it. */
export const ImportJobResponse = z.object({
  id: z.number().int(),
  source: ImportSourceName,
  /** The source's address ('' for a CSV file); never the credential. */
  base_url: z.string(),
  target_domain: z.string().nullable(),
  tag: z.string().nullable(),
  status: z.enum(IMPORT_STATUSES),
  /** Why it stopped, and whether a resume continues it; null unless failed. */
  failure: z.object({ reason: z.string(), resumable: z.boolean() }).nullable(),
  started_at: z.string(),
  pages: z.number().int(),
  rows_done: z.number().int(),
  /** How many links the source holds, when it says. */
  total: z.number().int().nullable(),
  counts: z.object(Object.fromEntries(IMPORT_OUTCOMES.map((outcome) => [outcome, z.number().int()])) as Record<(typeof IMPORT_OUTCOMES)[number], z.ZodNumber>),
});
export type ImportJobResponse = z.infer<typeof ImportJobResponse>;

/** One import with every row's outcome so far. */
export const ImportJobDetails = ImportJobResponse.extend({ outcomes: z.array(ImportRowOutcome) });
export type ImportJobDetails = z.infer<typeof ImportJobDetails>;

export const ImportJobList = z.object({ imports: z.array(ImportJobResponse) });
