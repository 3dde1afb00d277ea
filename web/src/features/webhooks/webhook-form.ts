import { CreateWebhookBody, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@linkledger/contracts';
import type { Webhook } from './webhooks-api.ts';

/*
 * The create and edit form of a webhook as plain data (docs/web-app.md#webhooks): what the
 * fields hold, the body they become, and the messages that say what is missing. The contract's
 * own schema judges the fields, so the form and the server speak with one voice; the server
 * still decides whether the URL may be reached.
 */

/** What each event type is, in the screen's words, in the order the form offers them. */
export const EVENT_LABELS: Record<WebhookEventType, string> = {
  'link.created': 'A link is created',
  'link.updated': 'A link is edited',
  'link.deleted': 'A link is deleted',
  'link.expired': 'A link expires',
  'link.clicked': 'A chosen link is clicked',
  'domain.verified': 'A custom domain is verified',
  'payment.captured': 'A payment is captured',
  'subscription.changed': 'The plan changes',
  'member.joined': 'A member joins',
};

export const EVENT_TYPES: readonly WebhookEventType[] = WEBHOOK_EVENT_TYPES;

export interface WebhookForm {
  name: string;
  url: string;
  events: WebhookEventType[];
  /** The links whose clicks it hears; sent only with `link.clicked`. */
  linkIds: number[];
}

type WebhookFormField = 'name' | 'url' | 'events' | 'link_ids';
export type WebhookFormErrors = Partial<Record<WebhookFormField, string>>;

export const EMPTY_FORM: WebhookForm = { name: '', url: '', events: [], linkIds: [] };

/** The form filled in with a webhook's settings, for editing it. */
export function formOf(webhook: Webhook): WebhookForm {
  return { name: webhook.name, url: webhook.url, events: [...webhook.events], linkIds: [...webhook.link_ids] };
}

/** The form with an event type chosen or not, kept in the order the form offers them. */
export function withEvent(form: WebhookForm, event: WebhookEventType, chosen: boolean): WebhookForm {
  const events = EVENT_TYPES.filter((each) => (each === event ? chosen : form.events.includes(each)));
  return { ...form, events };
}

export const CLICK_LINKS_NEEDED = 'Choose at least one link whose clicks this webhook hears.';
export const URL_NOT_WEB_ADDRESS = 'Enter the full address deliveries go to, starting with https://.';

/** Whether the text is an address a request can be sent to (the server checks whether it may be). */
function isWebAddress(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const { protocol, hostname } = new URL(text);
  return (protocol === 'https:' || protocol === 'http:') && hostname !== '';
}

/**
 * The body the form sends, or the message per field that stops it. Clicks are heard only for
 * chosen links: with `link.clicked` at least one is needed, and without it none is sent.
 */
export function webhookBody(form: WebhookForm): { body: CreateWebhookBody; errors?: never } | { body?: never; errors: WebhookFormErrors } {
  const clicks = form.events.includes('link.clicked');
  const parsed = CreateWebhookBody.safeParse({ name: form.name, url: form.url, events: form.events, link_ids: clicks ? form.linkIds : [] });
  const errors: WebhookFormErrors = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] as WebhookFormField;
    errors[field] ??= issue.message;
  }
  if (!errors.url && !isWebAddress(form.url.trim())) errors.url = URL_NOT_WEB_ADDRESS;
  if (clicks && form.linkIds.length === 0) errors.link_ids ??= CLICK_LINKS_NEEDED;
  if (!parsed.success || Object.keys(errors).length > 0) return { errors };
  const { link_ids: linkIds, ...rest } = parsed.data;
  return { body: clicks ? { ...rest, link_ids: linkIds ?? [] } : rest };
}
