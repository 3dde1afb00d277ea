import { z } from 'zod';

/**
 * A name an analyst signs in with (the ClickHouse user name): letters, digits, `_`, `.`
 * and `-`, starting with a letter, so it passes unchanged through basic auth, URL
 * parameters and X-ClickHouse-User.
 */
export const AnalystName = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/, 'The name must start with a letter and hold only letters, digits, _ . - (at most 64)');

/**
 * An admin issued a credential for the analysts' SQL endpoint (stream `analysts`). The
 * password is never stored: only an HMAC-SHA-256 of it under the installation secret,
 * by which each query's password is checked (docs/analysts.md#credentials).
 */
const AnalystCredentialIssuedV1 = z.object({
  analyst_id: z.string(),
  name: z.string(),
  secret_hash: z.string().regex(/^[0-9a-f]{64}$/),
});

/** An admin revoked a credential (stream `analysts`): its next query is refused. */
const AnalystCredentialRevokedV1 = z.object({
  analyst_id: z.string(),
  name: z.string(),
});

/**
 * One SQL query an analyst (ClickHouse HTTP endpoint) or an admin (the admin SQL console)
 * ran, refused or not (stream `analyst-queries-{YYYY-MM}`). The event's actor says who.
 */
const AnalystQueryRanV1 = z.object({
  via: z.enum(['clickhouse_http', 'console']),
  /** The analyst's or admin's name as they signed in (an analyst name, or an admin's user id). */
  user: z.string(),
  /** The query as sent, cut at 64 KiB. */
  query: z.string(),
  format: z.string(),
  /** ClickHouse's error code, 0 when the query ran. */
  error_code: z.number().int(),
  error: z.string(),
  rows_read: z.number().int().nonnegative(),
  bytes_read: z.number().int().nonnegative(),
  /** Rows answered, when the format says (null for binary formats such as Parquet). */
  result_rows: z.number().int().nonnegative().nullable(),
  result_bytes: z.number().int().nonnegative(),
  elapsed_ms: z.number().nonnegative(),
});
export type AnalystQueryRan = z.infer<typeof AnalystQueryRanV1>;

/** An admin saved a query in the SQL console (stream `sql-queries-{userId}`), or replaced one of the same id. */
const SqlQuerySavedV1 = z.object({
  query_id: z.string(),
  name: z.string(),
  sql: z.string(),
});

/** An admin deleted a saved query (stream `sql-queries-{userId}`). */
const SqlQueryDeletedV1 = z.object({ query_id: z.string() });

export const analystEvents = {
  AnalystCredentialIssued: { 1: AnalystCredentialIssuedV1 },
  AnalystCredentialRevoked: { 1: AnalystCredentialRevokedV1 },
  AnalystQueryRan: { 1: AnalystQueryRanV1 },
  SqlQuerySaved: { 1: SqlQuerySavedV1 },
  SqlQueryDeleted: { 1: SqlQueryDeletedV1 },
} as const;
