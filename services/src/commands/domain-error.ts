/**
 * Why a command or query was refused, in words a person can act on (the texts the web app
 * shows). Deciders and features throw these; they know nothing of HTTP. One place maps
 * them to HTTP answers (http/http-errors.ts), and the cutt.ly adapter to its statuses.
 */
export type Refusal =
  /** The input cannot be acted on as given. */
  | 'invalid'
  /** The caller has not shown who they are (or the proof is no longer good). */
  | 'unauthorized'
  /** The caller may not do this. */
  | 'forbidden'
  | 'not_found'
  /** The current state does not allow it (taken, already done, changed meanwhile). */
  | 'conflict'
  /** The input is well formed, but what it points to cannot be used (a page that cannot be read). */
  | 'unprocessable'
  /** Too many attempts; `retryAfterMs` says when to come back. */
  | 'too_many_requests'
  /** Something this depends on is down; nothing was lost. */
  | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly refusal: Refusal,
    readonly detail: string,
    options: { retryAfterMs?: number; cause?: unknown; field?: string } = {},
  ) {
    super(detail, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.retryAfterMs = options.retryAfterMs;
    this.field = options.field;
  }

  readonly retryAfterMs: number | undefined;
  /** The request field the refusal is about, by its machine name (the detail names it by its label). */
  readonly field: string | undefined;
}

export const invalid = (detail: string, field?: string) => new DomainError('invalid', detail, field === undefined ? {} : { field });
export const unauthorized = (detail: string) => new DomainError('unauthorized', detail);
export const forbidden = (detail: string) => new DomainError('forbidden', detail);
export const notFound = (detail: string) => new DomainError('not_found', detail);
export const conflict = (detail: string) => new DomainError('conflict', detail);
export const unprocessable = (detail: string, field?: string) => new DomainError('unprocessable', detail, field === undefined ? {} : { field });
export const tooManyRequests = (detail: string, retryAfterMs: number) => new DomainError('too_many_requests', detail, { retryAfterMs });
export const unavailable = (detail: string, options: { retryAfterMs?: number; cause?: unknown } = {}) => new DomainError('unavailable', detail, options);
