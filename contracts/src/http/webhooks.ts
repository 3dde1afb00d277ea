import { z } from 'zod';

/**
 * What a webhook can ask to hear (docs/webhooks.md#event-types). Clicks are heard only for
 * the links a webhook names in `link_ids`: a busy link's clicks would drown everything else.
 */
export const WEBHOOK_EVENT_TYPES = [
  'link.created',
  'link.updated',
  'link.deleted',
  'link.expired',
  'link.clicked',
  'domain.verified',
  'payment.captured',
  'subscription.changed',
  'member.joined',
] as const;
export const WebhookEventType = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof WebhookEventType>;

/** How many webhooks a workspace may keep, and how many links one may hear the clicks of. */
export const WEBHOOKS_MAX = 20;
export const WEBHOOK_CLICK_LINKS_MAX = 100;

/** After this many failed deliveries in a row a webhook is switched off (docs/webhooks.md#retries). */
export const WEBHOOK_FAILURES_BEFORE_DISABLED = 20;

/** The header that carries a delivery's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Linkledger-Signature';

const WebhookName = z
  .string({ message: 'Please enter a name for the webhook.' })
  .trim()
  .min(1, 'Please enter a name for the webhook.')
  .max(80, 'A webhook’s name is at most 80 characters long.')
  .refine((name) => !/\p{Cc}/u.test(name), 'A webhook’s name is one line of text: it cannot hold line breaks, tabs or other control characters.');

/** The address deliveries go to; whether it may be reached (https, no private target) is the server's check. */
const WebhookUrl = z
  .string({ message: 'Please enter the URL deliveries go to.' })
  .trim()
  .min(1, 'Please enter the URL deliveries go to.')
  .max(2048, 'A webhook URL is at most 2,048 characters long.');

const WebhookEvents = z
  .array(WebhookEventType, { message: 'Choose the events this webhook hears.' })
  .min(1, 'Choose at least one event for this webhook to hear.')
  .max(WEBHOOK_EVENT_TYPES.length);

const ClickLinks = z.array(z.number().int().positive()).max(WEBHOOK_CLICK_LINKS_MAX, `A webhook hears the clicks of at most ${WEBHOOK_CLICK_LINKS_MAX} links.`);

/** `POST /api/workspaces/{id}/webhooks`. `link_ids`: the links whose clicks it hears (needed with `link.clicked`). */
export const CreateWebhookBody = z.strictObject({
  name: WebhookName,
  url: WebhookUrl,
  events: WebhookEvents,
  link_ids: ClickLinks.optional(),
});
export type CreateWebhookBody = z.infer<typeof CreateWebhookBody>;

/** `PATCH …/webhooks/{webhookId}`: absent fields stay; `enabled: true` switches a disabled webhook back on. */
export const UpdateWebhookBody = z.strictObject({
  name: WebhookName.optional(),
  url: WebhookUrl.optional(),
  events: WebhookEvents.optional(),
  link_ids: ClickLinks.optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookBody = z.infer<typeof UpdateWebhookBody>;

export const Webhook = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  events: z.array(WebhookEventType),
  link_ids: z.array(z.number()),
  enabled: z.boolean(),
  /** Why it is off, when the deliveries switched it off ("20 deliveries in a row failed"); null when on or turned off by hand. */
  disabled_reason: z.string().nullable(),
  /** Failed deliveries since the last one that succeeded. */
  consecutive_failures: z.number(),
  /** The secret's last four characters, to tell secrets apart; the whole secret is shown once, at creation. */
  secret_hint: z.string(),
  created_at: z.string(),
  last_delivery_at: z.string().nullable(),
});
export type Webhook = z.infer<typeof Webhook>;

/** The creation's answer: the only time the signing secret is shown. */
export const CreatedWebhook = Webhook.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof CreatedWebhook>;

export const WebhookList = z.object({ webhooks: z.array(Webhook), max: z.number() });
export type WebhookList = z.infer<typeof WebhookList>;

/** One attempt to deliver one event (docs/webhooks.md#delivery-log). */
export const WebhookDelivery = z.object({
  id: z.string(),
  /** The event's own id: the same in a retry and a replay, so a receiver can drop what it has seen. */
  event_id: z.string(),
  event_type: z.union([WebhookEventType, z.literal('webhook.test')]),
  replay: z.boolean(),
  attempt: z.number(),
  /** delivered: a 2xx came back; failed: another status, a timeout or a refused address; pending: waiting for its next try. */
  status: z.enum(['delivered', 'failed', 'pending']),
  response_status: z.number().nullable(),
  latency_ms: z.number().nullable(),
  /** The start of the receiver's answer (at most 500 characters), or why nothing came back. */
  response_excerpt: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  at: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookDeliveryList = z.object({ deliveries: z.array(WebhookDelivery) });
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryList>;

/** `POST …/webhooks/{webhookId}/replay`: from an ISO time or a log position (digits), up to now. */
export const ReplayWebhookBody = z.strictObject({
  from: z
    .string({ message: 'Choose the time or log position to replay from.' })
    .trim()
    .min(1, 'Choose the time or log position to replay from.')
    .refine((from) => /^\d+$/.test(from) || !Number.isNaN(Date.parse(from)), 'Replay from a date and time (ISO 8601) or a log position (a whole number).'),
});
export type ReplayWebhookBody = z.infer<typeof ReplayWebhookBody>;

export const WebhookReplayStarted = z.object({
  /** Events that match the webhook between the starting point and now, queued for delivery in log order. */
  events: z.number(),
  from_position: z.string(),
  to_position: z.string(),
});
export type WebhookReplayStarted = z.infer<typeof WebhookReplayStarted>;

/** What every delivery's body holds (docs/webhooks.md#payload). */
export const WebhookPayload = z.object({
  id: z.string(),
  type: z.union([WebhookEventType, z.literal('webhook.test')]),
  created_at: z.string(),
  replay: z.boolean(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookPayload = z.infer<typeof WebhookPayload>;
