import { z } from 'zod';
import { ClickCounts, RebuildReason } from '../events/projections.ts';

/** The projections an admin can rebuild, as a path parameter. */
export const ProjectionParams = z.object({
  name: z.enum(['read', 'analytics'], { message: 'The projection must be read (the read model) or analytics (the clicks)' }),
});

/** One projector as the admin's projections tab shows it (docs/admin.md#projections). */
export const ProjectorStatus = z.object({
  key: z.enum(['read', 'analytics']),
  /** The projector's own name, under which its checkpoint is stored. */
  name: z.string(),
  /**
   * `running`, `retrying` (its store failed; it retries from its checkpoint), `stopped`, or
   * `elsewhere`: it runs in another process, and only what the stores tell is known here.
   */
  state: z.enum(['running', 'retrying', 'stopped', 'elsewhere']),
  /** The last position applied. */
  checkpoint: z.number().int(),
  /** Positions between the checkpoint and the head, 0 when nothing it handles is waiting. */
  lag_events: z.number().int(),
  /** How much older the oldest event waiting for it is than the head event, in seconds; 0 when caught up. */
  lag_seconds: z.number(),
  /** Events applied per second over the last 10 seconds; null when it runs elsewhere. */
  events_per_second: z.number().nullable(),
  /** The last failure to apply (it was retried), null when none since the process started or unknown here. */
  last_error: z.object({ message: z.string(), at: z.string() }).nullable(),
});
export type ProjectorStatus = z.infer<typeof ProjectorStatus>;

/** A rebuild, running or finished. */
export const RebuildView = z.object({
  rebuild_id: z.string(),
  projections: z.array(z.enum(['read', 'analytics'])),
  reason: RebuildReason,
  /** `pending`: recorded, not yet taken up by the process that runs the projectors. */
  state: z.enum(['pending', 'running', 'done', 'failed']),
  /** While running: copying the log, catching up with the head, or swapping the copies in. */
  phase: z.enum(['copying', 'catching_up', 'swapping']).nullable(),
  /** Positions the copies have reached and are heading for, summed over the projections rebuilt. */
  done: z.number().int(),
  total: z.number().int(),
  /** Events the copies applied. */
  events: z.number().int(),
  events_per_second: z.number().nullable(),
  /** False when another process runs it: only its start and its end are known here. */
  progress_known: z.boolean(),
  started_at: z.string(),
  /** The e-mail address of the admin who started it (or their id, if no longer known). */
  started_by: z.string(),
  finished_at: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  error: z.string().nullable(),
  /** Clicks up to the swap, as humans and bots, before and after (when the analytics were rebuilt). */
  clicks: z.object({ before: ClickCounts, after: ClickCounts }).nullable(),
});
export type RebuildView = z.infer<typeof RebuildView>;

export const ProjectionsReport = z.object({
  /** `all`, `api` or `projector`: what this process runs. */
  role: z.string(),
  head_position: z.number().int(),
  /** When the head event was recorded; null for an empty log. */
  head_at: z.string().nullable(),
  projectors: z.array(ProjectorStatus),
  /** The rebuild under way, else the last one; null when there has been none. */
  rebuild: RebuildView.nullable(),
  /** What this process cannot know or do (a ROLE=api process, say), in words for the admin. */
  note: z.string().nullable(),
});
export type ProjectionsReport = z.infer<typeof ProjectionsReport>;

export const RebuildAnswer = z.object({ message: z.string(), rebuild: RebuildView });

const pattern = z
  .string()
  .trim()
  .toLowerCase()
  .min(2, 'Each pattern needs at least 2 characters')
  .max(100, 'Each pattern must be at most 100 characters')
  .refine((text) => !/[\r\n]/.test(text), 'A pattern cannot contain a line break');

/** The bot policy as an admin sets it (docs/admin.md#bot-policy): patterns are case-insensitive substrings. */
export const BotPolicyBody = z.strictObject({
  known_bots: z.boolean({ message: 'known_bots must be true or false' }),
  patterns: z
    .array(pattern)
    .max(50, 'At most 50 patterns')
    .transform((patterns) => [...new Set(patterns)]),
});

export const BotPolicyView = z.object({
  known_bots: z.boolean(),
  patterns: z.array(z.string()),
  updated_at: z.string().nullable(),
  /** Clicks were projected under an older policy and no replay has classified them again since. */
  replay_needed: z.boolean(),
});
export type BotPolicyView = z.infer<typeof BotPolicyView>;

export const BotPolicyAnswer = z.object({ message: z.string(), policy: BotPolicyView });
