import { z } from 'zod';
import { WebhookEventType } from '../http/webhooks.ts';

const id = z.number().int().positive();
const isoTime = z.string();

/**
 * A workspace's webhooks (stream `webhooks-{workspace_id}`, docs/webhooks.md). `webhook_id`
 * counts up within the workspace. The signing secret is kept sealed with the installation's
 * secret (`secret_sealed`); `secret_hint` is its last four characters. `heard_after` is the log
 * position when it was created: it hears the events after it.
 */
const WebhookCreatedV1 = z.object({
  workspace_id: id,
  webhook_id: id,
  name: z.string(),
  url: z.string(),
  events: z.array(WebhookEventType),
  link_ids: z.array(id),
  secret_sealed: z.string(),
  secret_hint: z.string(),
  heard_after: z.number().int().nonnegative(),
});

/** A webhook's settings changed: the fields given are the new ones; `enabled: true` switches it back on. */
const WebhookUpdatedV1 = z.object({
  workspace_id: id,
  webhook_id: id,
  changes: z.object({
    name: z.string().optional(),
    url: z.string().optional(),
    events: z.array(WebhookEventType).optional(),
    link_ids: z.array(id).optional(),
    enabled: z.boolean().optional(),
  }),
});

/** The deliveries switched a webhook off (`reason`: "20 deliveries in a row failed"), or its owner did (reason null). */
const WebhookDisabledV1 = z.object({ workspace_id: id, webhook_id: id, reason: z.string().nullable() });

const WebhookDeletedV1 = z.object({ workspace_id: id, webhook_id: id });

/**
 * One step of one delivery (stream `webhook-deliveries-{workspace_id}-{webhook_id}`,
 * docs/webhooks.md#delivery-log): queued (`pending`, attempt 0), or an attempt that was
 * `delivered`, or `failed` (then `next_attempt_at` is when it is tried again). `event_id` is the
 * delivered event's own id, `position` its place in the log (0 for a test event), `order_key`
 * what its order is kept within (a link's events in log order).
 */
const WebhookDeliveryRecordedV1 = z.object({
  workspace_id: id,
  webhook_id: id,
  delivery_id: z.string(),
  event_id: z.string(),
  event_type: z.union([WebhookEventType, z.literal('webhook.test')]),
  position: z.number().int().nonnegative(),
  order_key: z.string(),
  replay: z.boolean(),
  attempt: z.number().int().nonnegative(),
  status: z.enum(['delivered', 'failed', 'pending']),
  response_status: z.number().int().nullable(),
  latency_ms: z.number().int().nonnegative().nullable(),
  response_excerpt: z.string().nullable(),
  next_attempt_at: isoTime.nullable(),
});

/** A replay was asked for: the matching events between the two log positions were queued (same stream). */
const WebhookReplayRequestedV1 = z.object({
  workspace_id: id,
  webhook_id: id,
  from_position: z.number().int().nonnegative(),
  to_position: z.number().int().nonnegative(),
  events: z.number().int().nonnegative(),
});

/** A disabled webhook was switched back on: its failures in a row count from 0 again (same stream as the deliveries). */
const WebhookFailuresResetV1 = z.object({
  workspace_id: id,
  webhook_id: id,
});

export const webhookEvents = {
  WebhookCreated: { 1: WebhookCreatedV1 },
  WebhookUpdated: { 1: WebhookUpdatedV1 },
  WebhookDisabled: { 1: WebhookDisabledV1 },
  WebhookDeleted: { 1: WebhookDeletedV1 },
  WebhookDeliveryRecorded: { 1: WebhookDeliveryRecordedV1 },
  WebhookReplayRequested: { 1: WebhookReplayRequestedV1 },
  WebhookFailuresReset: { 1: WebhookFailuresResetV1 },
} as const;
