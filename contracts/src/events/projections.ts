import { z } from 'zod';

/** Stream of the admin's bot policy: each event replaces the policy whole. */
export const BOT_POLICY_STREAM = 'bot-policy';
/** Stream of projection rebuilds: each start and its finish (docs/admin.md#projections). */
export const PROJECTION_REBUILDS_STREAM = 'projection-rebuilds';

/** The projections an admin can rebuild: the read model (`read`) and the click analytics (`analytics`). */
export const ProjectionKey = z.enum(['read', 'analytics']);
export type ProjectionKey = z.infer<typeof ProjectionKey>;

/**
 * Which clicks count as bots. A click without a user agent is always a bot (browsers send
 * one); `known_bots`: also the crawlers and tools the isbot list knows; `patterns`: also any
 * user agent containing one of these lower-case texts. New clicks follow the newest policy at
 * once; clicks already projected keep their verdict until a replay (docs/admin.md#bot-policy).
 */
const BotPolicyChangedV1 = z.object({
  known_bots: z.boolean(),
  patterns: z.array(z.string()),
});
export type BotPolicy = z.infer<typeof BotPolicyChangedV1>;

/** The policy before any admin set one: the isbot list, no patterns of our own. */
export const DEFAULT_BOT_POLICY: BotPolicy = { known_bots: true, patterns: [] };

/** `upgrade`: started by the product itself when an upgrade adds what only a replay can fill (analytics tables, personal workspaces). */
export const RebuildReason = z.enum(['rebuild', 'bot_policy_replay', 'upgrade']);
export type RebuildReason = z.infer<typeof RebuildReason>;

/**
 * An admin started a rebuild (the acting admin is the event's actor): the projections are
 * rebuilt from position 0 beside the live ones, which keep answering until the copy has
 * caught up and takes their place. `bot_policy_replay` rebuilds both, so every click is
 * classified again with the newest bot policy.
 */
const ProjectionRebuildStartedV1 = z.object({
  rebuild_id: z.string(),
  projections: z.array(ProjectionKey).min(1),
  reason: RebuildReason,
});

export const ClickCounts = z.object({ human: z.number().int(), bot: z.number().int() });
export type ClickCounts = z.infer<typeof ClickCounts>;

/**
 * The rebuild ended. `done`: the copies replaced the live projections at position `through`;
 * `failed`: the live projections were left as they were and the copies dropped (`error` says
 * why). `clicks`: when the analytics were rebuilt, the stored clicks up to `through` counted
 * as humans and bots before and after the swap (the same clicks, classified again).
 */
const ProjectionRebuildFinishedV1 = z.object({
  rebuild_id: z.string(),
  outcome: z.enum(['done', 'failed']),
  through: z.number().int(),
  /** Events the copies applied. */
  events: z.number().int(),
  duration_ms: z.number().int(),
  error: z.string(),
  clicks: z.object({ before: ClickCounts, after: ClickCounts }).nullable(),
});
export type ProjectionRebuildFinished = z.infer<typeof ProjectionRebuildFinishedV1>;

export const projectionEvents = {
  BotPolicyChanged: { 1: BotPolicyChangedV1 },
  ProjectionRebuildStarted: { 1: ProjectionRebuildStartedV1 },
  ProjectionRebuildFinished: { 1: ProjectionRebuildFinishedV1 },
} as const;
