import type { DomainEvent, EventData, WebhookEventType } from '@linkledger/contracts';
import type { EventEnvelope } from '../commands/event-port.ts';

/** A webhook's settings as its workspace's stream holds them (docs/webhooks.md). */
export interface WebhookSettings {
  id: number;
  name: string;
  url: string;
  events: readonly WebhookEventType[];
  linkIds: readonly number[];
  secretSealed: string;
  secretHint: string;
  /** The log position it was created at: it hears the events after it. */
  heardAfter: number;
  enabled: boolean;
  disabledReason: string | null;
  createdAt: string;
}

/** A workspace's webhooks, folded from `webhooks-{workspaceId}`. */
export interface WebhooksState {
  webhooks: Readonly<Record<number, WebhookSettings>>;
  /** The highest id given so far: ids are never reused. */
  lastId: number;
}

export const noWebhooks: WebhooksState = { webhooks: {}, lastId: 0 };

export const webhooksStream = (workspaceId: number) => `webhooks-${workspaceId}`;

function withWebhook(state: WebhooksState, id: number, change: (webhook: WebhookSettings) => WebhookSettings): WebhooksState {
  const current = state.webhooks[id];
  return current ? { ...state, webhooks: { ...state.webhooks, [id]: change(current) } } : state;
}

export function evolveWebhooks(state: WebhooksState, event: DomainEvent, envelope?: Pick<EventEnvelope, 'metadata'>): WebhooksState {
  switch (event.type) {
    case 'WebhookCreated': {
      const { webhook_id, name, url, events, link_ids, secret_sealed, secret_hint, heard_after } = event.data;
      const webhook: WebhookSettings = {
        id: webhook_id,
        name,
        url,
        events,
        linkIds: link_ids,
        secretSealed: secret_sealed,
        secretHint: secret_hint,
        heardAfter: heard_after,
        enabled: true,
        disabledReason: null,
        createdAt: envelope?.metadata.at ?? '',
      };
      return { webhooks: { ...state.webhooks, [webhook_id]: webhook }, lastId: Math.max(state.lastId, webhook_id) };
    }
    case 'WebhookUpdated': {
      const { name, url, events, link_ids, enabled } = event.data.changes;
      return withWebhook(state, event.data.webhook_id, (webhook) => ({
        ...webhook,
        name: name ?? webhook.name,
        url: url ?? webhook.url,
        events: events ?? webhook.events,
        linkIds: link_ids ?? webhook.linkIds,
        ...(enabled === undefined ? {} : { enabled, disabledReason: enabled ? null : webhook.disabledReason }),
      }));
    }
    case 'WebhookDisabled':
      return withWebhook(state, event.data.webhook_id, (webhook) => ({ ...webhook, enabled: false, disabledReason: event.data.reason }));
    case 'WebhookDeleted': {
      const webhooks = { ...state.webhooks };
      delete webhooks[event.data.webhook_id];
      return { ...state, webhooks };
    }
    default:
      return state;
  }
}

type DeliveryStep = EventData['WebhookDeliveryRecorded'];

/** One event on its way to one webhook: queued, or failed and waiting for its next try. */
export interface OwedDelivery {
  deliveryId: string;
  eventId: string;
  eventType: DeliveryStep['event_type'];
  position: number;
  orderKey: string;
  replay: boolean;
  /** Attempts made so far. */
  attempts: number;
  /** When it may be tried (epoch ms); 0 for at once. */
  dueAt: number;
}

/** A webhook's deliveries, folded from `webhook-deliveries-{workspaceId}-{webhookId}`. */
export interface DeliveriesState {
  /** Deliveries not yet delivered, in the order they were queued. */
  owed: readonly OwedDelivery[];
  /** The highest log position of an event queued as heard live (not a replay). */
  heardThrough: number;
  consecutiveFailures: number;
  lastDeliveryAt: string | null;
  /** The delivery log, latest last. */
  steps: readonly (DeliveryStep & { at: string })[];
}

export const noDeliveries: DeliveriesState = { owed: [], heardThrough: 0, consecutiveFailures: 0, lastDeliveryAt: null, steps: [] };

export const deliveriesStream = (workspaceId: number, webhookId: number) => `webhook-deliveries-${workspaceId}-${webhookId}`;

/** The delivery log keeps this many steps in memory; the stream keeps them all. */
const STEPS_KEPT = 200;

export function evolveDeliveries(state: DeliveriesState, event: DomainEvent, envelope?: Pick<EventEnvelope, 'metadata'>): DeliveriesState {
  // Switched back on by its owner: the next failure is the first of a new run (docs/webhooks.md#retries).
  if (event.type === 'WebhookFailuresReset') return { ...state, consecutiveFailures: 0 };
  if (event.type !== 'WebhookDeliveryRecorded') return state;
  const step = event.data;
  const at = envelope?.metadata.at ?? '';
  const steps = [...state.steps.slice(-(STEPS_KEPT - 1)), { ...step, at }];
  const heardThrough = step.replay ? state.heardThrough : Math.max(state.heardThrough, step.position);
  const others = state.owed.filter((owed) => owed.deliveryId !== step.delivery_id);
  // A test event is sent once, at the owner's asking: it neither waits in the queue nor counts as a failure in a row.
  if (step.event_type === 'webhook.test') return { ...state, steps };
  if (step.status === 'pending') {
    const queued: OwedDelivery = {
      deliveryId: step.delivery_id,
      eventId: step.event_id,
      eventType: step.event_type,
      position: step.position,
      orderKey: step.order_key,
      replay: step.replay,
      attempts: step.attempt,
      dueAt: 0,
    };
    return { ...state, steps, heardThrough, owed: [...state.owed, queued] };
  }
  if (step.status === 'delivered') return { ...state, steps, heardThrough, owed: others, consecutiveFailures: 0, lastDeliveryAt: at };
  const owed = state.owed.map((owedDelivery) =>
    owedDelivery.deliveryId === step.delivery_id
      ? { ...owedDelivery, attempts: step.attempt, dueAt: step.next_attempt_at === null ? 0 : Date.parse(step.next_attempt_at) }
      : owedDelivery,
  );
  return { ...state, steps, heardThrough, owed, consecutiveFailures: state.consecutiveFailures + 1, lastDeliveryAt: at };
}
