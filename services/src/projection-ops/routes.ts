import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  BotPolicyAnswer,
  BotPolicyBody,
  BotPolicyView,
  ErrorBody,
  ProjectionParams,
  ProjectionsReport,
  RebuildAnswer,
  type Actor,
  type ProjectionKey,
  type RebuildReason,
  type RebuildView,
} from '@linkledger/contracts';
import { USERS, type UserView } from '@linkledger/projections';
import { NO_READ_MODEL, handleCommand } from '../commands/command-handler.ts';
import { unavailable } from '../commands/domain-error.ts';
import { commandContext } from '../http/command-context.ts';
import { documentedAs } from '../http/feature-routes.ts';
import type { Platform } from '../platform/platform.ts';
import type { RebuildExecutor } from './rebuild-executor.ts';
import { botPolicyView } from './bot-policy.ts';
import { botPolicyDecider } from './bot-policy-deciders.ts';
import { logHead, projectorStatus } from './projector-status.ts';
import { startRebuildDecider } from './rebuild-deciders.ts';
import { loadRebuildLog, openRebuild, type RebuildRecord } from './rebuild-log-state.ts';
import { rebuildView } from './rebuild-view.ts';
import { routesFor } from '../http/declared-routes.ts';

const ADMINS_RUN_PROJECTIONS = 'Only an admin or super admin can see and rebuild the projections.';
const admin = { access: 'admin', refusal: ADMINS_RUN_PROJECTIONS } as const;
const errors = { 400: ErrorBody, 409: ErrorBody, 503: ErrorBody };

/** How long a start's answer waits for this process to take the rebuild up, so it can say "running". */
const PICKUP_WAIT_MS = 1000;

const ELSEWHERE_NOTE =
  'This process (ROLE=api) runs no projectors: checkpoints and lag come from the stores; events per second, errors and the progress of a rebuild are known only to the process that runs them (ROLE=all or ROLE=projector), which also runs the rebuilds started here.';

const STARTED: Record<RebuildReason, (projections: ProjectionKey[]) => string> = {
  rebuild: ([key]) =>
    `Rebuild of ${key === 'read' ? 'the read model' : 'the analytics'} started successfully. It runs beside the live projection, which keeps answering until the rebuilt copy takes its place.`,
  bot_policy_replay: () =>
    'Bot-policy replay started successfully: every click is being classified again with the current policy. Counts change once the rebuilt copies take the live ones’ place.',
  upgrade: () => 'Analytics rebuild after an upgrade started successfully. The live analytics keep answering until the rebuilt copy takes their place.',
};

/** Projection operations for admins (docs/admin.md#projections): status, rebuilds, the bot policy and its replay. */
export const projectionRoutes = documentedAs('admin', async (app: FastifyInstance, platform: Platform & { rebuilds: RebuildExecutor | null }) => {
  const admins = routesFor(app, admin);

  const runsHere = platform.rebuilds !== null;

  const startedBy = async (actor: Actor) => {
    if (actor.kind !== 'user') return actor.id;
    const user = await platform.read.get<UserView>(USERS, actor.id).catch(() => null);
    return user?.email ?? `user ${actor.id}`;
  };
  const view = async (record: RebuildRecord) => rebuildView(record, platform.rebuilds?.running() ?? null, runsHere, await startedBy(record.started_by));

  const start = async (request: FastifyRequest, projections: ProjectionKey[], reason: RebuildReason) => {
    const rebuildId = randomUUID();
    const context = commandContext(platform, request);
    await handleCommand({ events: platform.events, ...NO_READ_MODEL }, context, startRebuildDecider, { rebuildId, projections, reason });
    const deadline = Date.now() + PICKUP_WAIT_MS;
    while (platform.rebuilds && !platform.rebuilds.hasTaken(rebuildId) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    const record = (await loadRebuildLog(platform.events)).find((candidate) => candidate.rebuild_id === rebuildId)!;
    return { message: STARTED[reason](projections), rebuild: await view(record) };
  };

  admins.get('/api/admin/projections', {
    summary: 'Each projector’s checkpoint, lag (events and seconds), events per second and last error, and the rebuild under way or the last one',
    response: { 200: ProjectionsReport, ...errors },
    handler: async () => {
      const head = await logHead(platform.events).catch((error: unknown) => {
        throw unavailable(`The event log does not answer: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      });
      const projectors = await Promise.all((['read', 'analytics'] as const).map((key) => projectorStatus(platform, key, head)));
      const log = await loadRebuildLog(platform.events);
      const record = openRebuild(log) ?? log.at(-1);
      const rebuild: RebuildView | null = record ? await view(record) : null;
      return { role: platform.config.ROLE, head_position: head.position, head_at: head.at, projectors, rebuild, note: runsHere ? null : ELSEWHERE_NOTE };
    },
  });

  admins.post('/api/admin/projections/:name/rebuild', {
    summary: 'Rebuild one projection from position 0 beside the live one, which keeps answering until the copy takes its place (one rebuild at a time)',
    params: ProjectionParams,
    response: { 202: RebuildAnswer, ...errors },
    handler: async ({ request, reply }) => {
      const answer = await start(request, [request.params.name], 'rebuild');
      return reply.code(202).send(answer);
    },
  });

  admins.post('/api/admin/projections/replay-bots', {
    summary:
      'Classify every click again with the current bot policy: rebuilds the analytics and the read model, and reports human and bot clicks before and after',
    response: { 202: RebuildAnswer, ...errors },
    handler: async ({ request, reply }) => {
      const answer = await start(request, ['read', 'analytics'], 'bot_policy_replay');
      return reply.code(202).send(answer);
    },
  });

  admins.get('/api/admin/bot-policy', {
    summary: 'Which clicks count as bots, and whether past clicks still need a replay',
    response: { 200: BotPolicyView, ...errors },
    handler: async () => botPolicyView(platform.events, await loadRebuildLog(platform.events)),
  });

  admins.put('/api/admin/bot-policy', {
    summary: 'Set which clicks count as bots: new clicks follow it at once, past clicks after a replay',
    body: BotPolicyBody,
    response: { 200: BotPolicyAnswer, ...errors },
    handler: async ({ request }) => {
      const context = commandContext(platform, request);
      const handled = await handleCommand({ events: platform.events, ...NO_READ_MODEL }, context, botPolicyDecider, request.body);
      const policy = await botPolicyView(platform.events, await loadRebuildLog(platform.events));
      const message =
        handled.events.length === 0
          ? 'Bot policy saved successfully: it was already the policy in force.'
          : `Bot policy saved successfully. New clicks follow it from now on${policy.replay_needed ? '; replay to classify past clicks again' : ''}.`;
      return { message, policy };
    },
  });
});
