import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CreateWebhookBody,
  CreatedWebhook,
  ErrorBody,
  MessageBody,
  ReplayWebhookBody,
  UpdateWebhookBody,
  WEBHOOKS_MAX,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookList,
  WebhookReplayStarted,
} from '@linkledger/contracts';
import { LINKS, type LinkView } from '@linkledger/projections';
import { handleCommand } from '../commands/command-handler.ts';
import { loadStream } from '../commands/command-context.ts';
import { notFound } from '../commands/domain-error.ts';
import { commandContext } from '../http/command-context.ts';
import { routesFor } from '../http/declared-routes.ts';
import { answeredFromTheWrite } from '../http/still-processing.ts';
import type { Platform } from '../platform/platform.ts';
import { decryptSecret, encryptSecret } from '../platform/secret-box.ts';
import { checkWebhookAddress } from './webhook-address.ts';
import { attemptStep, deliveryAnswer, loadDeliveries, recordStep, resetFailures } from './webhook-deliveries.ts';
import { WEBHOOK_NOT_FOUND, webhooksDecider } from './webhook-deciders.ts';
import { webhookNetwork } from './webhook-network.ts';
import { replayWebhook } from './webhook-replay.ts';
import { sendPayload } from './webhook-send.ts';
import { WEBHOOK_SECRET_PURPOSE, newWebhookSecret } from './webhook-signature.ts';
import { evolveWebhooks, noWebhooks, webhooksStream, type DeliveriesState, type WebhookSettings } from './webhook-state.ts';

export const WEBHOOKS_NOT_IN_PLAN = 'Webhooks are part of the Pro and Enterprise plans: upgrade to send this workspace’s events to your systems.';
const WEBHOOK_DELETED = 'The webhook was deleted: nothing more is sent to it.';
/** The delivery log shows this many of the latest steps. */
const DELIVERIES_SHOWN = 100;

const WebhookParams = z.object({
  id: z.coerce.number().int().positive({ message: 'The id must be a positive whole number' }),
  webhookId: z.coerce.number().int().positive({ message: 'The webhook’s id must be a positive whole number' }),
});
const WorkspaceParams = WebhookParams.pick({ id: true });

const webhookAnswer = (webhook: WebhookSettings, deliveries: DeliveriesState): Webhook => ({
  id: webhook.id,
  name: webhook.name,
  url: webhook.url,
  events: [...webhook.events],
  link_ids: [...webhook.linkIds],
  enabled: webhook.enabled,
  disabled_reason: webhook.disabledReason,
  consecutive_failures: deliveries.consecutiveFailures,
  secret_hint: webhook.secretHint,
  created_at: webhook.createdAt,
  last_delivery_at: deliveries.lastDeliveryAt,
});

/**
 * A workspace's webhooks (docs/webhooks.md): its owners and admins (`workspace:settings`) on a
 * plan with `webhooks` list, add, change and delete them, read their delivery log, send a test
 * event and replay the log from a time or a position. The deliveries themselves are the
 * deliverer's (webhook-deliverer.ts), where the projectors run.
 */
export async function webhookRoutes(app: FastifyInstance, platform: Platform) {
  const managers = routesFor(app, { access: 'user', workspaceInPath: 'workspace:settings', feature: { key: 'webhooks', refusal: WEBHOOKS_NOT_IN_PLAN } });
  const allowPrivate = platform.config.WEBHOOKS_ALLOW_PRIVATE_TARGETS;

  const webhooksOf = async (workspaceId: number) => (await loadStream(platform.events, webhooksStream(workspaceId), noWebhooks, evolveWebhooks)).state;
  const webhookOf = async (workspaceId: number, webhookId: number) => {
    const webhook = (await webhooksOf(workspaceId)).webhooks[webhookId];
    if (!webhook) throw notFound(WEBHOOK_NOT_FOUND);
    return webhook;
  };
  const answerFor = async (workspaceId: number, webhookId: number) =>
    webhookAnswer(await webhookOf(workspaceId, webhookId), await loadDeliveries(platform.events, workspaceId, webhookId));
  /** Which of the ids are links of the workspace now. */
  const workspaceLinkIds = async (workspaceId: number, linkIds: readonly number[] = []) => {
    const links = await platform.read.getMany<LinkView>(LINKS, linkIds);
    return linkIds.filter((linkId) => links.get(String(linkId))?.owner_id === workspaceId);
  };

  managers.get('/api/workspaces/:id/webhooks', {
    summary: 'The workspace’s webhooks, oldest first (the secrets only by their last four characters)',
    params: WorkspaceParams,
    response: { 200: WebhookList, 404: ErrorBody },
    handler: async ({ workspace }) => {
      const webhooks = Object.values((await webhooksOf(workspace.id)).webhooks).sort((a, b) => a.id - b.id);
      const answers = await Promise.all(
        webhooks.map(async (webhook) => webhookAnswer(webhook, await loadDeliveries(platform.events, workspace.id, webhook.id))),
      );
      return { webhooks: answers, max: WEBHOOKS_MAX };
    },
  });

  managers.post('/api/workspaces/:id/webhooks', {
    summary: `Add a webhook (at most ${WEBHOOKS_MAX}); the answer shows its signing secret, the only time it is shown`,
    params: WorkspaceParams,
    body: CreateWebhookBody,
    response: { 201: CreatedWebhook, 404: ErrorBody, 409: ErrorBody },
    handler: async ({ request, reply, workspace }) => {
      const { name, url, events, link_ids: linkIds = [] } = request.body;
      await checkWebhookAddress(url, allowPrivate, webhookNetwork(platform));
      const secret = newWebhookSecret();
      const context = answeredFromTheWrite(commandContext(platform, request));
      const { events: decided } = await handleCommand(platform, context, webhooksDecider, {
        kind: 'create',
        workspaceId: workspace.id,
        name,
        url,
        events,
        linkIds,
        workspaceLinkIds: await workspaceLinkIds(workspace.id, linkIds),
        secretSealed: encryptSecret(platform.secret, WEBHOOK_SECRET_PURPOSE, secret),
        secretHint: secret.slice(-4),
        heardAfter: await platform.events.headPosition(),
      });
      const created = decided.find((event) => event.type === 'WebhookCreated');
      if (created?.type !== 'WebhookCreated') throw new Error('A webhook’s creation recorded no WebhookCreated');
      const answer = await answerFor(workspace.id, created.data.webhook_id);
      return reply.code(201).send({ ...answer, secret });
    },
  });

  managers.patch('/api/workspaces/:id/webhooks/:webhookId', {
    summary: 'Change a webhook (absent fields stay); enabled: true switches a disabled one back on',
    params: WebhookParams,
    body: UpdateWebhookBody,
    response: { 200: Webhook, 404: ErrorBody },
    handler: async ({ request, workspace }) => {
      const { name, url, events, link_ids: linkIds, enabled } = request.body;
      if (url !== undefined) await checkWebhookAddress(url, allowPrivate, webhookNetwork(platform));
      const changes = { name, url, events, linkIds, enabled };
      const context = answeredFromTheWrite(commandContext(platform, request));
      const { events: decided } = await handleCommand(platform, context, webhooksDecider, {
        kind: 'update',
        workspaceId: workspace.id,
        webhookId: request.params.webhookId,
        changes: Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)),
        workspaceLinkIds: await workspaceLinkIds(workspace.id, linkIds),
      });
      if (decided.some((event) => event.type === 'WebhookUpdated' && event.data.changes.enabled === true)) {
        await resetFailures(platform.events, context, workspace.id, request.params.webhookId);
      }
      return answerFor(workspace.id, request.params.webhookId);
    },
  });

  managers.delete('/api/workspaces/:id/webhooks/:webhookId', {
    summary: 'Delete a webhook: nothing more is sent to it',
    params: WebhookParams,
    response: { 200: MessageBody, 404: ErrorBody },
    handler: async ({ request, workspace }) => {
      const command = { kind: 'delete', workspaceId: workspace.id, webhookId: request.params.webhookId } as const;
      await handleCommand(platform, answeredFromTheWrite(commandContext(platform, request)), webhooksDecider, command);
      return { message: WEBHOOK_DELETED };
    },
  });

  managers.get('/api/workspaces/:id/webhooks/:webhookId/deliveries', {
    summary: `The webhook’s delivery log: its latest ${DELIVERIES_SHOWN} steps, newest first`,
    params: WebhookParams,
    response: { 200: WebhookDeliveryList, 404: ErrorBody },
    handler: async ({ request, workspace }) => {
      await webhookOf(workspace.id, request.params.webhookId);
      const { steps } = await loadDeliveries(platform.events, workspace.id, request.params.webhookId);
      // A delivery that has been tried shows its attempts; its "queued" step says nothing more.
      const tried = new Set(steps.filter((step) => step.attempt > 0).map((step) => step.delivery_id));
      const shown = steps.filter((step) => step.attempt > 0 || !tried.has(step.delivery_id));
      return { deliveries: shown.slice(-DELIVERIES_SHOWN).reverse().map(deliveryAnswer) };
    },
  });

  managers.post('/api/workspaces/:id/webhooks/:webhookId/test', {
    summary: 'Send the webhook a test event now and answer how it went',
    params: WebhookParams,
    response: { 200: WebhookDelivery, 404: ErrorBody },
    handler: async ({ request, workspace }) => {
      const webhook = await webhookOf(workspace.id, request.params.webhookId);
      const context = commandContext(platform, request);
      const eventId = randomUUID();
      const payload = {
        id: eventId,
        type: 'webhook.test' as const,
        created_at: context.now.toISOString(),
        replay: false,
        data: { webhook_id: webhook.id, message: 'A test event: your receiver is reachable and can check the signature.' },
      };
      const secret = decryptSecret(platform.secret, WEBHOOK_SECRET_PURPOSE, webhook.secretSealed);
      const outcome = await sendPayload(webhook.url, secret, payload, { now: context.now, allowPrivate, network: webhookNetwork(platform) });
      const owed = {
        deliveryId: randomUUID(),
        eventId,
        eventType: 'webhook.test' as const,
        position: 0,
        orderKey: 'test',
        replay: false,
        attempts: 0,
        dueAt: 0,
      };
      const step = { ...attemptStep(workspace.id, webhook.id, owed, outcome, context.now), next_attempt_at: null };
      await recordStep(platform.events, context, step);
      return deliveryAnswer({ ...step, at: context.now.toISOString() });
    },
  });

  managers.post('/api/workspaces/:id/webhooks/:webhookId/replay', {
    summary: 'Send again every event the webhook hears from a time or a log position up to now, marked as a replay, in log order',
    params: WebhookParams,
    body: ReplayWebhookBody,
    response: { 202: WebhookReplayStarted, 404: ErrorBody },
    handler: async ({ request, reply, workspace }) => {
      const webhook = await webhookOf(workspace.id, request.params.webhookId);
      const started = await replayWebhook(platform, commandContext(platform, request), workspace.id, webhook, request.body.from);
      return reply.code(202).send(started);
    },
  });
}
