import { z } from 'zod';

const StoreHealth = z.object({
  status: z.enum(['up', 'down']),
  adapter: z.string(),
  error: z.string().optional(),
});

const StoreName = z.enum(['events', 'read', 'analytics']);

export const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  /** The stores that do not answer, by name (empty when healthy). */
  down: z.array(StoreName),
  /** For a person: which store is down and why, e.g. "read store (sqlite) is down: …". */
  detail: z.string().optional(),
  stores: z.object({ events: StoreHealth, read: StoreHealth, analytics: StoreHealth }),
});
export type HealthResponse = z.infer<typeof HealthResponse>;
