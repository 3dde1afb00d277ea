import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError } from '../commands/domain-error.ts';
import { httpAnswer } from '../http/http-errors.ts';
import { firstToName, validationAnswer } from '../http/validation-message.ts';
import { apiKeyHeader } from '../api-keys/index.ts';
import { InvalidShortCode, ShortCodeTaken } from '../links/index.ts';

/**
 * Errors as Shlink answers them (RFC 7807 problem details, `application/problem+json`), with
 * Shlink's `type`s and titles, so its clients recognise them (docs/developer-api.md#shlink-compatible-api).
 */
const TYPE_BASE = 'https://shlink.io/api/error/';

interface Problem {
  status: number;
  type: string;
  title: string;
  detail: string;
  [extra: string]: unknown;
}

/** A refusal of this API in Shlink's terms: its status, type, title and Shlink's extra fields. */
class ShlinkProblem extends DomainError {
  readonly problem: Problem;
  constructor(problem: Problem) {
    super(problem.status === 404 ? 'not_found' : problem.status === 409 ? 'conflict' : problem.status === 501 ? 'unavailable' : 'invalid', problem.detail);
    this.problem = problem;
  }
}

export const shortUrlNotFound = (shortCode: string, domain: string | undefined) =>
  new ShlinkProblem({
    status: 404,
    type: `${TYPE_BASE}short-url-not-found`,
    title: 'Short URL not found',
    detail: domain ? `No URL found with short code "${shortCode}" for domain "${domain}"` : `No URL found with short code "${shortCode}"`,
    shortCode,
    ...(domain ? { domain } : {}),
  });

/** Shlink's "Invalid data": the request names the fields it refuses (`invalidElements`). */
export const invalidData = (invalidElements: readonly string[], detail = 'Provided data is not valid') =>
  new ShlinkProblem({ status: 400, type: `${TYPE_BASE}invalid-data`, title: 'Invalid data', detail, invalidElements: [...invalidElements] });

/** Shlink's answer for a tag the workspace does not have. */
export const tagNotFound = (tag: string) =>
  new ShlinkProblem({ status: 404, type: `${TYPE_BASE}tag-not-found`, title: 'Tag not found', detail: `Tag with name "${tag}" could not be found`, tag });

/** Shlink's answer for a rename onto a name another tag holds. */
export const tagConflict = (oldName: string, newName: string) =>
  new ShlinkProblem({
    status: 409,
    type: `${TYPE_BASE}tag-conflict`,
    title: 'Tag conflict',
    detail: `You cannot rename tag ${oldName} to ${newName}, because it already exists`,
    oldName,
    newName,
  });

const nonUniqueSlug = (customSlug: string | undefined) =>
  new ShlinkProblem({
    status: 400,
    type: `${TYPE_BASE}non-unique-slug`,
    title: 'Invalid custom slug',
    detail: `Provided slug "${customSlug ?? ''}" is already in use.`,
    ...(customSlug === undefined ? {} : { customSlug }),
  });

const missingAuthentication = (): Problem => ({
  status: 401,
  type: `${TYPE_BASE}missing-authentication`,
  title: 'Invalid authorization',
  detail: 'Expected one of the following authentication headers, ["X-Api-Key"], but none were provided',
  expectedTypes: ['X-Api-Key'],
});

const invalidApiKey = (): Problem => ({
  status: 401,
  type: `${TYPE_BASE}invalid-api-key`,
  title: 'Invalid API key',
  detail: 'Provided API key does not exist or is invalid.',
});

/** We have no Mercure hub: Shlink's clients then refresh by asking, as they do with a Shlink that has none. */
export const mercureNotConfigured = () =>
  new ShlinkProblem({
    status: 501,
    type: `${TYPE_BASE}mercure-not-configured`,
    title: 'Mercure integration not configured',
    detail: 'This Shlink instance is not integrated with a mercure hub.',
  });

const routeNotFound = (): Problem => ({ status: 404, type: `${TYPE_BASE}not-found`, title: 'Not found', detail: 'Requested route does not exist.' });

/** Our fields' names as Shlink names them, for `invalidElements`. */
const SHLINK_FIELD: Record<string, string> = {
  original_url: 'longUrl',
  short_code: 'customSlug',
  title: 'title',
  tags: 'tags',
  starts_at: 'validSince',
  expires_at: 'validUntil',
  max_clicks: 'maxVisits',
  custom_domain: 'domain',
};
export const shlinkField = (field: string) => SHLINK_FIELD[field] ?? field;

/** Refusals Shlink has no type for (a plan's limit, a role, the rate limit) keep our status and text. */
const HTTP_TITLES: Record<number, string> = {
  403: 'Forbidden',
  409: 'Conflict',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
};

function problemOf(error: DomainError, request: FastifyRequest, customSlug: string | undefined): Problem {
  if (error instanceof ShlinkProblem) return error.problem;
  if (error instanceof ShortCodeTaken) return nonUniqueSlug(customSlug).problem;
  if (error instanceof InvalidShortCode) return invalidData(['customSlug'], error.detail).problem;
  if (error.refusal === 'unauthorized') return apiKeyHeader(request) ? invalidApiKey() : missingAuthentication();
  const { status, body } = httpAnswer(error);
  if (status === 400) return invalidData(error.field ? [shlinkField(error.field)] : [], body.detail).problem;
  return { status, type: 'about:blank', title: HTTP_TITLES[status] ?? 'Error', detail: body.detail };
}

const send = (reply: FastifyReply, problem: Problem, headers: Record<string, string> = {}) =>
  reply.code(problem.status).headers(headers).type('application/problem+json').send(problem);

/** The body's customSlug, which Shlink's "non-unique slug" error repeats. */
const customSlugOf = (request: FastifyRequest) => {
  const body = request.body as { customSlug?: unknown } | undefined;
  return typeof body?.customSlug === 'string' ? body.customSlug : undefined;
};

/**
 * Answers every refusal of the scope's routes in Shlink's shape; anything else (a fault of
 * ours) goes on to the app's own handler, which logs it and answers a 500.
 */
export function answerAsShlink(scope: FastifyInstance): void {
  scope.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      const headers: Record<string, string> =
        error.retryAfterMs === undefined ? {} : { 'retry-after': String(Math.max(1, Math.ceil(error.retryAfterMs / 1000))) };
      return send(reply, problemOf(error, request, customSlugOf(request)), headers);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((issue) => issue.instancePath.replace(/^\//, '').split('/')[0] ?? '').filter(Boolean);
      const unknown = error.validation.flatMap((issue) => (Array.isArray(issue.params?.['keys']) ? (issue.params['keys'] as string[]) : []));
      return send(reply, invalidData([...new Set([...fields, ...unknown])], validationAnswer(firstToName(error.validation)).detail).problem);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return send(reply, invalidData([], error.message).problem);
    throw error;
  });
}

/** Shlink's 404 for a path under /rest that is no route. */
export const shlinkRouteNotFound = (reply: FastifyReply) => send(reply, routeNotFound());
