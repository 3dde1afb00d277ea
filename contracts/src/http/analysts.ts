import { z } from 'zod';
import { AnalystName } from '../events/analysts.ts';

/** Credentials for the analysts' ClickHouse endpoint (docs/analysts.md#credentials). */
export const IssueAnalystBody = z.strictObject({ name: AnalystName });

const AnalystView = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
});
type AnalystView = z.infer<typeof AnalystView>;

/** The answer to issuing: the password is in it this once and never again. */
export const IssuedAnalyst = AnalystView.extend({ password: z.string() });

export const AnalystList = z.object({
  analysts: z.array(AnalystView),
  /** The analysts' endpoint port when this installation serves it (ANALYST_PORT), else null. */
  port: z.number().int().nullable(),
  /** The database analysts query (their default). */
  database: z.string(),
});

export const TextIdParams = z.object({ id: z.string().min(1).max(100) });

const SqlText = z.string().trim().min(1, 'Write a query first').max(65_536, 'The query must be at most 64 KiB');

/** A query from the admin SQL console; `params` fill {name:Type} placeholders like ClickHouse's param_name. */
export const SqlConsoleBody = z.strictObject({
  query: SqlText,
  params: z.record(z.string(), z.string()).default({}),
});

export const SqlExportFormat = z.enum(['CSVWithNames', 'TabSeparatedWithNames', 'JSONEachRow', 'Parquet']);
export type SqlExportFormat = z.infer<typeof SqlExportFormat>;
export const SqlExportBody = SqlConsoleBody.extend({ format: SqlExportFormat });

export const SqlConsoleResult = z.object({
  columns: z.array(z.object({ name: z.string(), type: z.string() })),
  /** Rows as arrays in column order, values as ClickHouse's JSON gives them. */
  rows: z.array(z.array(z.unknown())),
  /** True when the console showed only the first rows: download the query for all of them. */
  truncated: z.boolean(),
  rows_read: z.number(),
  bytes_read: z.number(),
  elapsed_ms: z.number(),
});
export type SqlConsoleResult = z.infer<typeof SqlConsoleResult>;

export const SavedQuery = z.object({ id: z.string(), name: z.string(), sql: z.string(), saved_at: z.string() });
export type SavedQuery = z.infer<typeof SavedQuery>;
export const StarterQuery = z.object({ name: z.string(), sql: z.string() });
export type StarterQuery = z.infer<typeof StarterQuery>;

export const SavedQueryList = z.object({ queries: z.array(SavedQuery), starters: z.array(StarterQuery) });
export type SavedQueryList = z.infer<typeof SavedQueryList>;

export const SaveQueryBody = z.strictObject({
  name: z.string().trim().min(1, 'Name the query').max(200, 'The name must be at most 200 characters'),
  sql: SqlText,
});
