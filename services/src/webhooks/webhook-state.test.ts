import { describe, expect, it } from 'vitest';
import type { DomainEvent, EventData } from '@linkledger/contracts';
import { foldEvents } from '../commands/event-port.ts';
import { recorded } from '../testing/recorded.ts';
import { evolveDeliveries, noDeliveries } from './webhook-state.ts';

const step = (delivery: string, changes: Partial<EventData['WebhookDeliveryRecorded']>): DomainEvent => ({
  type: 'WebhookDeliveryRecorded',
  data: {
    workspace_id: 4,
    webhook_id: 1,
    delivery_id: delivery,
    event_id: `event-${delivery}`,
    event_type: 'link.updated',
    position: 10,
    order_key: 'link-7',
    replay: false,
    attempt: 0,
    status: 'pending',
    response_status: null,
    latency_ms: null,
    response_excerpt: null,
    next_attempt_at: null,
    ...changes,
  },
});
const fold = (events: DomainEvent[]) => foldEvents(recorded(events, 'webhook-deliveries-4-1'), evolveDeliveries, noDeliveries);

describe('a webhook’s deliveries, folded from its stream (docs/webhooks.md#delivery)', () => {
  it('keeps a queued delivery owed through its failures, with its next try, until it is delivered', () => {
    const retry = '2026-11-28T10:00:30.000Z';
    const failing = fold([step('a', { position: 10 }), step('a', { status: 'failed', attempt: 1, response_status: 500, next_attempt_at: retry })]);
    expect(failing.owed).toEqual([expect.objectContaining({ deliveryId: 'a', attempts: 1, dueAt: Date.parse(retry), orderKey: 'link-7' })]);
    expect(failing).toMatchObject({ consecutiveFailures: 1, heardThrough: 10 });
    const delivered = fold([step('a', {}), step('a', { status: 'failed', attempt: 1 }), step('a', { status: 'delivered', attempt: 2, response_status: 200 })]);
    expect(delivered).toMatchObject({ owed: [], consecutiveFailures: 0 });
  });

  it('moves the checkpoint with live events only, and counts no test event as a failure or a debt', () => {
    const state = fold([
      step('live', { position: 10 }),
      step('replayed', { position: 40, replay: true }),
      step('test', { position: 0, event_type: 'webhook.test', status: 'failed', attempt: 1, order_key: 'test' }),
    ]);
    expect(state.heardThrough).toBe(10);
    expect(state.consecutiveFailures).toBe(0);
    expect(state.owed.map((owed) => owed.deliveryId)).toEqual(['live', 'replayed']);
    expect(state.steps).toHaveLength(3);
  });

  it('counts failures in a row from 0 again once the webhook is switched back on', () => {
    const failures = Array.from({ length: 20 }, (_, n) => step('a', { status: 'failed', attempt: n + 1 }));
    const reset: DomainEvent = { type: 'WebhookFailuresReset', data: { workspace_id: 4, webhook_id: 1 } };
    const state = fold([step('a', {}), ...failures, reset, step('a', { status: 'failed', attempt: 21 })]);
    expect(state.consecutiveFailures).toBe(1);
    expect(state.owed.map((owed) => owed.deliveryId)).toEqual(['a']);
  });
});
