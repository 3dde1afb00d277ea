import type { ImportSourceName } from '@linkledger/contracts';

/** Why a source could not be read (docs/import.md#sources). */
type ImportSourceFailure =
  /** The source refused the token, key or signature (401 or 403). */
  | 'bad_credential'
  /** No such API at that address (404). */
  | 'not_found'
  /** The source asks to slow down (429); `retryAfterSeconds` says how long when it does. */
  | 'rate_limited'
  /** The address leads to a private or local network, or is not a plain web address on port 80 or 443. */
  | 'blocked_address'
  /** No answer, no complete answer in time, too large, or too many redirects. */
  | 'unreachable'
  /** An answer, but not in the shape the source's API gives. */
  | 'malformed'
  /** Another error status from the source (a 5xx, an unexpected 4xx). */
  | 'source_failed';

/**
 * The one error a source fails with: its message is for the person who started the import and
 * names the cause, never the credential (nor anything that carries it, such as a request address).
 */
export class ImportSourceError extends Error {
  constructor(
    readonly source: ImportSourceName,
    readonly reason: ImportSourceFailure,
    message: string,
    /** The source's error status, and a 429's Retry-After in seconds, when there were. */
    readonly details: { status?: number; retryAfterSeconds?: number | null } = {},
  ) {
    super(message);
    this.name = 'ImportSourceError';
  }

  /** How long the source asked us to wait (a 429's Retry-After in seconds), when it said. */
  get retryAfterSeconds(): number | null {
    return this.details.retryAfterSeconds ?? null;
  }
}

/** How each source is named in what a person reads. */
export const SOURCE_LABELS: Record<ImportSourceName, string> = { bitly: 'Bitly', shlink: 'Shlink', yourls: 'YOURLS', kutt: 'Kutt', csv: 'The CSV file' };
