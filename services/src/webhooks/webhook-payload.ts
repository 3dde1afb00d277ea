import { domainEventOf, type EventStore, type RecordedEvent, type WebhookEventType, type WebhookPayload } from '@linkledger/contracts';

/** What a log event means to webhooks: its type, the workspace it belongs to, its public data and the order it keeps. */
export interface HeardEvent {
  type: WebhookEventType;
  workspaceId: number;
  /** The link it is about, for `link_ids` and for order: a link's events are delivered in log order. */
  linkId: number | null;
  data: Record<string, unknown>;
}

/** The log's event types webhooks hear (docs/webhooks.md#event-types). */
export const HEARD_TYPES = [
  'LinkCreated',
  'LinkUpdated',
  'LinkDeleted',
  'LinkExpired',
  'Clicked',
  'CustomDomainVerified',
  'PaymentCaptured',
  'PlanChanged',
  'WorkspaceInviteAccepted',
] as const;

/** Which workspace a link belongs to (its `LinkCreated` says), for the events that name only the link. */
export type WorkspaceOfLink = (linkId: number) => Promise<number | null>;

/** Reads it from the link's own stream, remembering the answers (a link stays in its workspace). */
export function workspaceOfLinkFrom(events: Pick<EventStore, 'readStream'>): WorkspaceOfLink {
  const known = new Map<number, number | null>();
  return async (linkId) => {
    if (!known.has(linkId)) {
      const first = (await events.readStream(`link-${linkId}`))[0];
      const created = first ? domainEventOf(first) : null;
      known.set(linkId, created?.type === 'LinkCreated' ? created.data.owner_id : null);
    }
    return known.get(linkId) ?? null;
  };
}

/** The fields of a link change that are safe to send (never a password's hash). */
const PUBLIC_LINK_CHANGES = ['title', 'description', 'original_url', 'is_active', 'expires_at', 'max_clicks', 'tag_ids', 'folder_id'] as const;

/**
 * The webhook meaning of a recorded event, or null when webhooks do not hear it. `data` holds
 * public fields only, chosen one by one: never a visitor's hash or address, a secret, or
 * sealed personal data (docs/webhooks.md#payload).
 */
export async function heardEvent(recorded: RecordedEvent, workspaceOfLink: WorkspaceOfLink): Promise<HeardEvent | null> {
  const event = domainEventOf(recorded);
  if (!event) return null;
  const aboutLink = async (type: WebhookEventType, linkId: number, data: Record<string, unknown>) => {
    const workspaceId = await workspaceOfLink(linkId);
    return workspaceId === null ? null : { type, workspaceId, linkId, data: { link_id: linkId, ...data } };
  };
  switch (event.type) {
    case 'LinkCreated': {
      const { link_id, owner_id, short_code, original_url, title, description, custom_domain, created_via } = event.data;
      const data = { link_id, short_code, original_url, title, description, custom_domain, created_via };
      return { type: 'link.created', workspaceId: owner_id, linkId: link_id, data };
    }
    case 'LinkUpdated': {
      const changes = event.data.changes as Record<string, unknown>;
      const shown = Object.fromEntries(PUBLIC_LINK_CHANGES.filter((field) => changes[field] !== undefined).map((field) => [field, changes[field]]));
      return aboutLink('link.updated', event.data.link_id, { changed: Object.keys(changes).sort(), ...shown });
    }
    case 'LinkDeleted':
      return aboutLink('link.deleted', event.data.link_id, { short_code: event.data.short_code });
    case 'LinkExpired':
      return aboutLink('link.expired', event.data.link_id, { reason: event.data.reason });
    case 'Clicked': {
      const { link_id, owner_id, destination, country, referrer, source, rule, variant } = event.data;
      return {
        type: 'link.clicked',
        workspaceId: owner_id,
        linkId: link_id,
        data: { link_id, destination, country, referrer, source, rule: rule ?? 0, variant: variant ?? 0 },
      };
    }
    case 'CustomDomainVerified':
      return { type: 'domain.verified', workspaceId: event.data.user_id, linkId: null, data: { domain_id: event.data.domain_id, domain: event.data.domain } };
    case 'PaymentCaptured': {
      const { workspace_id, user_id, order_id, payment_id, amount_paise, currency, receipt_number } = event.data;
      // Orders made before workspaces paid name only the payer, whose personal workspace it was.
      return {
        type: 'payment.captured',
        workspaceId: workspace_id ?? user_id,
        linkId: null,
        data: { order_id, payment_id, amount_paise, currency, receipt_number },
      };
    }
    case 'PlanChanged': {
      const { user_id, plan_type, billing_cycle, status, period_start, period_end, reason } = event.data;
      return { type: 'subscription.changed', workspaceId: user_id, linkId: null, data: { plan_type, billing_cycle, status, period_start, period_end, reason } };
    }
    case 'WorkspaceInviteAccepted':
      return { type: 'member.joined', workspaceId: event.data.workspace_id, linkId: null, data: { user_id: event.data.user_id, role: event.data.role } };
    default:
      return null;
  }
}

/** The body of one delivery: `id` is the event's own id, the same in every retry and replay. */
export const deliveryPayload = (
  eventId: string,
  type: WebhookPayload['type'],
  createdAt: string,
  replay: boolean,
  data: Record<string, unknown>,
): WebhookPayload => ({
  id: eventId,
  type,
  created_at: createdAt,
  replay,
  data,
});
