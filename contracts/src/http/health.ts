import { z } from 'zod';

export const StoreHealth = z.object({
  status: z.enum(['up', 'down']),
  adapter: z.string(),
  error: z.string().optional(),
});

export const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  stores: z.object({ events: StoreHealth, read: StoreHealth, analytics: StoreHealth }),
});
export type HealthResponse = z.infer<typeof HealthResponse>;
