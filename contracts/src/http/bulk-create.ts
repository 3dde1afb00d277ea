import { z } from 'zod';
import { ErrorBody } from './common.ts';
import { CreatedLinkStillProcessing, LinkResponse } from './links.ts';

/** The most links one bulk request may hold (docs/links.md#bulk-create). */
export const BULK_CREATE_MAX = 1000;

/**
 * The links to create, each a body of `POST /api/urls`. Each item is checked on its own, so
 * the list only has to be a list: one malformed item is answered in its result, not with a
 * 400 for the whole request.
 */
export const BulkCreateBody = z.strictObject({
  links: z
    .array(z.unknown(), { message: `links is required: a list of 1 to ${BULK_CREATE_MAX} links` })
    .min(1, 'links must hold at least 1 link')
    .max(BULK_CREATE_MAX, `links must hold at most ${BULK_CREATE_MAX} links`),
});

/** One item's outcome: its position in `links`, the status a single create would have answered, and the link or the refusal. */
export const BulkCreateResult = z.object({
  index: z.number().int(),
  status: z.number().int(),
  link: z.union([LinkResponse, CreatedLinkStillProcessing]).optional(),
  error: ErrorBody.optional(),
});
export type BulkCreateResult = z.infer<typeof BulkCreateResult>;

export const BulkCreateResponse = z.object({
  results: z.array(BulkCreateResult),
  created: z.number().int(),
  failed: z.number().int(),
});
export type BulkCreateResponse = z.infer<typeof BulkCreateResponse>;
