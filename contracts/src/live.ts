import { z } from 'zod';
import { ActivityEntry } from './http/workspaces.ts';

/** Messages on the /api/live websocket. */
/**
 * The first message: the bearer token, and the workspace whose clicks to watch (the caller's
 * personal workspace when left out; docs/workspaces.md#live-clicks).
 */
export const LiveClientMessage = z.object({ type: z.literal('auth'), token: z.string(), workspace_id: z.number().int().positive().optional() });

export const LiveServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('error'), detail: z.string() }),
  z.object({
    type: z.literal('click'),
    url_id: z.number(),
    total_clicks: z.number(),
    at: z.string(),
    country: z.string(),
    referrer: z.string(),
  }),
  /** A new entry of the watched workspace's activity, as `GET /api/workspaces/{id}/activity` shows it (docs/workspaces.md#live-activity). */
  z.object({ type: z.literal('activity'), workspace_id: z.number(), entry: ActivityEntry }),
]);
export type LiveServerMessage = z.infer<typeof LiveServerMessage>;
