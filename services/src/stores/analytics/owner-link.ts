import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * How an API process finds the process that owns embedded analytics (chDB opens a data
 * directory in one process only): the owner listens on loopback and writes its address
 * here; callers prove they share the installation with a token derived from its secret.
 */
export const ownerFile = (dataDir: string) => join(dataDir, 'analytics-owner.json');

export interface OwnerAddress {
  url: string;
  pid: number;
}

export const TOKEN_HEADER = 'x-linkledger-analytics-token';

/** A token for the owner's endpoint: an HMAC of the installation secret, never the secret itself. */
export const ownerToken = (secret: string) => createHmac('sha256', secret).update('linkledger analytics owner v1').digest('hex');

export function tokenMatches(secret: string, presented: string | string[] | undefined): boolean {
  if (typeof presented !== 'string') return false;
  const expected = Buffer.from(ownerToken(secret));
  const given = Buffer.from(presented);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Appended to every query from outside the owner: ClickHouse's readonly mode for that query
 * (no writes, no DDL, no setting changes, no table functions). A trailing comment in the
 * query cannot hide it (it starts on a new line); a query with SETTINGS of its own fails.
 */
export const READ_ONLY_CLAUSE = 'SETTINGS readonly = 1';

/** Table functions that reach files, processes or the network (refused by readonly too; named here so the refusal says why). */
const OUTSIDE_REACHING_FUNCTIONS =
  /\b(file|fileCluster|url|urlCluster|s3|s3Cluster|gcs|oss|cosn|hdfs|hdfsCluster|azureBlobStorage|azureBlobStorageCluster|remote|remoteSecure|cluster|clusterAllReplicas|mysql|postgresql|mongodb|redis|sqlite|jdbc|odbc|executable|executablePool|input|iceberg|icebergS3|deltaLake|hudi|format)\s*\(/i;

/** The query with string literals, quoted identifiers and comments blanked, so keywords inside them are not mistaken for clauses. */
const codeOnly = (sql: string) =>
  sql
    .replace(/'(?:[^'\\]|\\.|'')*'/g, "''")
    .replace(/"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`/g, 'x')
    .replace(/--[^\n]*|#[^\n]*|\/\*[\s\S]*?\*\//g, ' ');

/**
 * Why a query may not run on the owner's endpoint, or null when it may: one SELECT (or WITH …
 * SELECT), no INTO OUTFILE (which chDB, running in-process, would write even in readonly
 * mode), no table function that reaches files, processes or the network.
 */
export function unsafeSqlReason(sql: string): string | null {
  const code = codeOnly(sql);
  if (!/^\s*(SELECT|WITH)\b/i.test(code)) return 'Only SELECT queries are answered';
  if (/;\s*\S/.test(code)) return 'One statement per query';
  if (/\bINTO\s+OUTFILE\b/i.test(code)) return 'INTO OUTFILE is not allowed';
  const reaching = OUTSIDE_REACHING_FUNCTIONS.exec(code);
  if (reaching) return `The table function ${reaching[1]}() is not allowed: queries read the analytics tables only`;
  return null;
}

/** The pid of a running process that serves this data directory's analytics, if any. */
export function liveOwner(dataDir: string): number | null {
  try {
    const { pid } = JSON.parse(readFileSync(ownerFile(dataDir), 'utf8')) as OwnerAddress;
    if (pid === process.pid) return null;
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}
