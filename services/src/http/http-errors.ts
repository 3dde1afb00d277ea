import { withFieldLabels } from '@linkledger/contracts';
import { DomainError, type Refusal } from '../commands/domain-error.ts';
import { StoreWriteError, codeOf } from '../stores/store-write-error.ts';

const STATUS: Record<Refusal, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  too_many_requests: 429,
  unavailable: 503,
};

/** The one place a refusal becomes an HTTP answer: status, headers and `{detail}` (with `field`, the machine name of the field it is about, when it names one). */
export function httpAnswer(error: DomainError): { status: number; headers: Record<string, string>; body: { detail: string; field?: string } } {
  const headers: Record<string, string> = {};
  if (error.refusal === 'unauthorized') headers['www-authenticate'] = 'Bearer';
  if (error.retryAfterMs !== undefined) headers['retry-after'] = String(Math.max(1, Math.ceil(error.retryAfterMs / 1000)));
  // A field named by its machine name in a refusal's text is named as the screens name it.
  const detail = withFieldLabels(error.detail, error.field);
  return { status: STATUS[error.refusal], headers, body: error.field === undefined ? { detail } : { detail, field: error.field } };
}

/**
 * Causes that pass by themselves (a full disk, an I/O error, a database locked for too
 * long): the request is refused with a 503 and the next one is tried afresh.
 */
const PASSING_STORAGE_FAULT = /^(ENOSPC|EIO|EDQUOT|SQLITE_(FULL|IOERR|BUSY|LOCKED)(_|$))/;

const NOT_SAVED = 'Your change could not be saved right now: our storage is not taking writes. Please try again in a moment.';

/** A store that could not save, as the refusal a client can act on; null for any other error. */
export function storageRefusal(error: unknown): DomainError | null {
  const code = codeOf(error);
  if (!(error instanceof StoreWriteError) && !(code && PASSING_STORAGE_FAULT.test(code))) return null;
  return new DomainError('unavailable', NOT_SAVED, { retryAfterMs: 1000, cause: error });
}

export { DomainError };
