import { ReplayWebhookBody, WEBHOOK_FAILURES_BEFORE_DISABLED } from '@linkledger/contracts';
import { isoFromDateTimeInput } from '../../format/dates.ts';
import { countLabel } from '../../format/numbers.ts';
import type { Webhook, WebhookDelivery } from './webhooks-api.ts';

/* How the Webhooks screen words a webhook's state, its deliveries and a replay (docs/web-app.md#webhooks). */

/** A webhook's state at a glance: on, off by hand, or switched off by its failures (with why). */
export function webhookState(webhook: Pick<Webhook, 'enabled' | 'disabled_reason'>): { label: string; tone: 'success' | 'neutral' | 'error' } {
  if (webhook.enabled) return { label: 'On', tone: 'success' };
  return webhook.disabled_reason ? { label: 'Disabled', tone: 'error' } : { label: 'Off', tone: 'neutral' };
}

/** Why a webhook was switched off, and how to have it deliver again. */
export function disabledReasonText(reason: string): string {
  return `${reason.trim().replace(/\.$/, '')}. Switch it back on to deliver again.`;
}

/** Failed deliveries in a row, against the count that switches the webhook off. */
export function failuresLabel(failures: number): string {
  return failures === 0 ? 'None' : `${countLabel(failures)} of ${WEBHOOK_FAILURES_BEFORE_DISABLED} in a row`;
}

/** An attempt's outcome: delivered, failed, or still to come (queued before its first try, retrying after a failed one). */
export function deliveryStatusLabel(delivery: Pick<WebhookDelivery, 'status' | 'attempt'>): string {
  if (delivery.status === 'delivered') return 'Delivered';
  if (delivery.status === 'failed') return 'Failed';
  return delivery.attempt === 0 ? 'Queued' : 'Retrying';
}

export const deliveryTone = (status: WebhookDelivery['status']) => (status === 'delivered' ? 'success' : status === 'failed' ? 'error' : 'warning');

/** How long the receiver took: "84 ms", "1.2 s"; a dash when nothing came back. */
export function latencyLabel(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
}

/** The receiver's status code; that none came back; a dash while the attempt has not been made. */
export function responseLabel(delivery: Pick<WebhookDelivery, 'status' | 'response_status'>): string {
  if (delivery.response_status !== null) return `HTTP ${delivery.response_status}`;
  return delivery.status === 'pending' ? '—' : 'No response';
}

/** What a test send came to, in one sentence. */
export function testOutcomeText(delivery: Pick<WebhookDelivery, 'status' | 'response_status' | 'latency_ms' | 'response_excerpt'>): string {
  const answer = delivery.response_status === null ? (delivery.response_excerpt ?? 'no response') : `HTTP ${delivery.response_status}`;
  if (delivery.status === 'delivered') return `Test event delivered: ${answer} in ${latencyLabel(delivery.latency_ms)}.`;
  return `Test event not delivered: ${answer}.${delivery.status === 'pending' ? ' It will be tried again.' : ''}`;
}

/** The test send's attempt, whether the answer is the delivery itself or holds it under `delivery`. */
export function testDeliveryOf(answer: unknown): WebhookDelivery | null {
  const isDelivery = (value: unknown): value is WebhookDelivery =>
    typeof value === 'object' && value !== null && 'status' in value && typeof (value as { status: unknown }).status === 'string';
  if (isDelivery(answer)) return answer;
  const inner = typeof answer === 'object' && answer !== null ? (answer as { delivery?: unknown }).delivery : undefined;
  return isDelivery(inner) ? inner : null;
}

export type ReplayStart = { kind: 'time'; value: string } | { kind: 'position'; value: string };

export const REPLAY_TIME_NEEDED = 'Choose the date and time to replay from.';
export const REPLAY_POSITION_NEEDED = 'Enter a log position: a whole number, as the delivery log and the API give it.';
export const REPLAY_TIME_FUTURE = 'Choose a moment in the past: a replay redelivers what has already happened.';

/** The replay's body from the dialog's choice (a local date-time becomes an ISO instant), or what is wrong with it. */
export function replayBody(start: ReplayStart, now: number): { body: ReplayWebhookBody; error?: never } | { body?: never; error: string } {
  if (start.kind === 'position') {
    const position = start.value.trim();
    if (!/^\d+$/.test(position)) return { error: REPLAY_POSITION_NEEDED };
    return { body: { from: position } };
  }
  const iso = isoFromDateTimeInput(start.value);
  if (iso === null) return { error: REPLAY_TIME_NEEDED };
  if (Date.parse(iso) > now) return { error: REPLAY_TIME_FUTURE };
  const parsed = ReplayWebhookBody.safeParse({ from: iso });
  return parsed.success ? { body: parsed.data } : { error: parsed.error.issues[0]?.message ?? REPLAY_TIME_NEEDED };
}

/** What a started replay queued: "12 events queued for redelivery, marked as a replay." */
export function replayQueuedText(events: number): string {
  if (events === 0) return 'No events match this webhook since then: nothing was queued.';
  return `${countLabel(events)} ${events === 1 ? 'event' : 'events'} queued for redelivery, in log order, each marked as a replay.`;
}
