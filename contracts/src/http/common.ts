import { z } from 'zod';

/** Every 4xx/5xx body: a message a person can act on. */
export const ErrorBody = z.object({ detail: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;

export const IdParams = z.object({
  id: z.coerce.number().int().positive({ message: 'The id must be a positive whole number' }),
});

export const MessageBody = z.object({ message: z.string() });
