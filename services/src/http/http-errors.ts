import { DomainError, type Refusal } from '../commands/domain-error.ts';

const STATUS: Record<Refusal, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_many_requests: 429,
  unavailable: 503,
};

/** The one place a refusal becomes an HTTP answer: status, headers and `{detail}`. */
export function httpAnswer(error: DomainError): { status: number; headers: Record<string, string>; body: { detail: string } } {
  const headers: Record<string, string> = {};
  if (error.refusal === 'unauthorized') headers['www-authenticate'] = 'Bearer';
  if (error.retryAfterMs !== undefined) headers['retry-after'] = String(Math.max(1, Math.ceil(error.retryAfterMs / 1000)));
  return { status: STATUS[error.refusal], headers, body: { detail: error.detail } };
}

export { DomainError };
