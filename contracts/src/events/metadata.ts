import { z } from 'zod';

/** Who caused an event: a signed-in user, an API key, an anonymous visitor, an analyst's credential (its id) or the system itself. */
export const Actor = z.object({
  kind: z.enum(['user', 'api_key', 'visitor', 'analyst', 'system']),
  id: z.string(),
});
export type Actor = z.infer<typeof Actor>;

/** Metadata carried by every event, whatever its type. */
export const EventMetadata = z.object({
  actor: Actor,
  correlation_id: z.string(),
  causation_id: z.string(),
  /** ISO time at which the command was decided. */
  at: z.string(),
  /** Where the request came from, when there was one (never a raw IP). */
  origin: z
    .object({
      route: z.string().optional(),
      user_agent: z.string().optional(),
    })
    .optional(),
});
export type EventMetadata = z.infer<typeof EventMetadata>;
