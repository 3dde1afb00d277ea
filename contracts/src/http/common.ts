import { z } from 'zod';

/**
 * Every 4xx/5xx body: a message a person can act on, naming fields as the screens do; a
 * refused field's machine name (`original_url`, `links.0.original_url`) also in `field`.
 */
export const ErrorBody = z.object({ detail: z.string(), field: z.string().optional() });
export type ErrorBody = z.infer<typeof ErrorBody>;

export const IdParams = z.object({
  id: z.coerce.number().int().positive({ message: 'The id must be a positive whole number' }),
});

export const MessageBody = z.object({ message: z.string() });

/**
 * The optional Idempotency-Key header of a request that creates something
 * (docs/developer-api.md#retrying-safely). Loose: the request's other headers stay as they are.
 */
export const IdempotencyKeyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/, 'The Idempotency-Key header must be 1 to 255 visible ASCII characters, e.g. a UUID')
    .optional()
    .describe('A key of your choice (e.g. a UUID) that makes a retry answer the first answer instead of creating again; kept 24 hours, per caller'),
});

/** A write that happened but is not yet shown everywhere: 202 with what the write itself says. */
export const StillProcessingBody = z.object({ detail: z.string(), still_processing: z.literal(true), id: z.number().optional() });
export type StillProcessingBody = z.infer<typeof StillProcessingBody>;
