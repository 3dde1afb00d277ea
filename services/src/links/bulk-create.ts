import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { BulkCreateBody, BulkCreateResponse, CreateLinkBody, ErrorBody, IdempotencyKeyHeaders, type BulkCreateResult } from '@linkledger/contracts';
import { MonthlyLimitReached } from '../billing/index.ts';
import { DomainError } from '../commands/domain-error.ts';
import type { Platform } from '../platform/platform.ts';
import type { Caller, WorkspaceContext } from '../http/access.ts';
import { commandContext } from '../http/command-context.ts';
import { routesFor } from '../http/declared-routes.ts';
import { httpAnswer, storageRefusal } from '../http/http-errors.ts';
import { itemIdempotencyOf } from '../http/idempotency.ts';
import { answeredFromTheWrite } from '../http/still-processing.ts';
import { validationAnswer } from '../http/validation-message.ts';
import { createLinkAnswer } from './create-link-route.ts';

/** 1,000 links with long destinations, descriptions and smart controls fit; fastify's default (1 MiB) would not. */
const BULK_BODY_LIMIT = 10 * 1024 * 1024;

export const BULK_CREATE_NOT_IN_PLAN = 'Bulk link creation is not included in your plan. Upgrade your plan on the pricing page to create links in bulk.';

/** `POST /api/urls/bulk` (docs/links.md#bulk-create): many links in one request, each made and answered as a single create. */
export async function bulkCreateRoutes(app: FastifyInstance, platform: Platform) {
  const feature = { key: 'bulk_link_creation', refusal: BULK_CREATE_NOT_IN_PLAN } as const;
  routesFor(app, { access: 'user_or_api_key', workspace: 'links:write', feature }).post('/api/urls/bulk', {
    summary: 'Create up to 1,000 links at once, each a body of POST /api/urls; answered per item, in order, within the monthly limit',
    headers: IdempotencyKeyHeaders,
    body: BulkCreateBody,
    bodyLimit: BULK_BODY_LIMIT,
    response: { 200: BulkCreateResponse, 403: ErrorBody, 429: ErrorBody },
    handler: async ({ request, caller, workspace }) => {
      const results = await createEach(platform, request, caller, workspace, request.body.links);
      const created = results.filter((result) => result.status < 300).length;
      return { results, created, failed: results.length - created };
    },
  });
}

/**
 * Creates the items one after another, in order, so the monthly limit counts them as it
 * counts single creates: the items that fit are created, each one past the limit is refused
 * with the limit's 403 (docs/links.md#bulk-create).
 */
async function createEach(platform: Platform, request: FastifyRequest, caller: Caller, workspace: WorkspaceContext, items: readonly unknown[]) {
  // Each item's answer is built from its own write: a slow read model makes that item a 202, not the whole request.
  const context = answeredFromTheWrite(commandContext(platform, request));
  const createdVia = caller.actor.kind === 'api_key' ? 'api' : 'manual';
  const results: BulkCreateResult[] = [];
  let limitReached: MonthlyLimitReached | null = null;
  for (const [index, item] of items.entries()) {
    const parsed = CreateLinkBody.safeParse(item);
    if (!parsed.success) {
      results.push({ index, status: 400, error: itemValidationAnswer(parsed.error) });
      continue;
    }
    try {
      // Past the limit every later item is refused alike: no need to ask again.
      if (limitReached) throw limitReached;
      const idempotency = await itemIdempotencyOf(platform, request, caller.userId, context.now, index, item);
      const answer = await createLinkAnswer(platform, request, { context, workspace, createdVia, idempotency }, parsed.data);
      results.push({ index, status: answer.status, link: answer.body });
    } catch (error) {
      if (error instanceof MonthlyLimitReached) limitReached = error;
      results.push({ index, ...refusalOf(request, error) });
    }
  }
  return results;
}

/** An item's refusal as a single create would answer it: its status and `{detail, field}`. */
function refusalOf(request: FastifyRequest, error: unknown): Pick<BulkCreateResult, 'status' | 'error'> {
  const refusal = error instanceof DomainError ? error : storageRefusal(error);
  if (refusal) {
    const answer = httpAnswer(refusal);
    return { status: answer.status, error: answer.body };
  }
  request.log.error({ err: error }, 'A bulk item could not be created');
  return { status: 500, error: { detail: 'Something went wrong on our side with this link. Please try it again in a moment.' } };
}

/** An item's schema issue in the words a single create's 400 would use, its field named within the item. */
function itemValidationAnswer(error: z.ZodError): { detail: string; field?: string } {
  const unknownKeys = error.issues.find((issue) => issue.code === 'unrecognized_keys');
  const issue = unknownKeys ?? error.issues[0];
  if (!issue) return validationAnswer(undefined);
  const { code, path, message, ...params } = issue;
  return validationAnswer({ keyword: code, instancePath: path.map((part) => `/${String(part)}`).join(''), message, params });
}
