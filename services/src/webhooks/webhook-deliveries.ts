import { randomUUID } from 'node:crypto';
import type { EventData, EventStore, RecordedEvent, WebhookDelivery } from '@linkledger/contracts';
import type { CommandContext } from '../commands/command-context.ts';
import { foldEvents } from '../commands/event-port.ts';
import { recordFact } from '../commands/record-fact.ts';
import type { HeardEvent } from './webhook-payload.ts';
import type { SendOutcome } from './webhook-send.ts';
import { deliveriesStream, evolveDeliveries, noDeliveries, type DeliveriesState, type OwedDelivery, type WebhookSettings } from './webhook-state.ts';

/** Waits before the next try: 30 s after the first failure, doubling, at most an hour (docs/webhooks.md#retries). */
export const backoffMs = (attempt: number) => Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);

/** Whether a webhook hears this event: its workspace's, a type it chose, and for clicks one of its links. */
export const wants = (webhook: WebhookSettings, workspaceId: number, heard: HeardEvent) =>
  heard.workspaceId === workspaceId &&
  webhook.events.includes(heard.type) &&
  (heard.type !== 'link.clicked' || (heard.linkId !== null && webhook.linkIds.includes(heard.linkId)));

/** What a delivery's order is kept within: a link's events in log order, the rest of the workspace's in theirs. */
const orderKeyOf = (heard: HeardEvent) => (heard.linkId === null ? 'workspace' : `link-${heard.linkId}`);

type Step = EventData['WebhookDeliveryRecorded'];

/** An event queued for one webhook: live (heard as it happened) or a replay. */
export function queuedStep(workspaceId: number, webhookId: number, recorded: RecordedEvent, heard: HeardEvent, replay: boolean): Step {
  return {
    workspace_id: workspaceId,
    webhook_id: webhookId,
    delivery_id: randomUUID(),
    event_id: recorded.id,
    event_type: heard.type,
    position: recorded.position,
    order_key: orderKeyOf(heard),
    replay,
    attempt: 0,
    status: 'pending',
    response_status: null,
    latency_ms: null,
    response_excerpt: null,
    next_attempt_at: null,
  };
}

/** The step an attempt at an owed delivery records: delivered, or failed with the time of its next try. */
export function attemptStep(workspaceId: number, webhookId: number, owed: OwedDelivery, outcome: SendOutcome, now: Date): Step {
  const attempt = owed.attempts + 1;
  return {
    workspace_id: workspaceId,
    webhook_id: webhookId,
    delivery_id: owed.deliveryId,
    event_id: owed.eventId,
    event_type: owed.eventType,
    position: owed.position,
    order_key: owed.orderKey,
    replay: owed.replay,
    attempt,
    status: outcome.delivered ? 'delivered' : 'failed',
    response_status: outcome.responseStatus,
    latency_ms: outcome.latencyMs,
    response_excerpt: outcome.excerpt,
    next_attempt_at: outcome.delivered ? null : new Date(now.getTime() + backoffMs(attempt)).toISOString(),
  };
}

/** Appends one step to the webhook's delivery log. */
export const recordStep = (events: EventStore, context: CommandContext, step: Step) =>
  recordFact(events, context, { stream: deliveriesStream(step.workspace_id, step.webhook_id), event: { type: 'WebhookDeliveryRecorded', data: step } });

/** A webhook's deliveries as its stream holds them now. */
/** Records that the webhook was switched back on: its failures in a row count from 0 again. */
export const resetFailures = (events: EventStore, context: CommandContext, workspaceId: number, webhookId: number) =>
  recordFact(events, context, {
    stream: deliveriesStream(workspaceId, webhookId),
    event: { type: 'WebhookFailuresReset', data: { workspace_id: workspaceId, webhook_id: webhookId } },
  });

export async function loadDeliveries(events: EventStore, workspaceId: number, webhookId: number): Promise<DeliveriesState> {
  return foldEvents(await events.readStream(deliveriesStream(workspaceId, webhookId)), evolveDeliveries, noDeliveries);
}

/** One step of the delivery log as the API shows it. */
export const deliveryAnswer = (step: Step & { at: string }): WebhookDelivery => ({
  id: `${step.delivery_id}.${step.attempt}`,
  event_id: step.event_id,
  event_type: step.event_type,
  replay: step.replay,
  attempt: step.attempt,
  status: step.status,
  response_status: step.response_status,
  latency_ms: step.latency_ms,
  response_excerpt: step.response_excerpt,
  next_attempt_at: step.next_attempt_at,
  at: step.at,
});
