import { describe, expect, it } from 'vitest';
import {
  REPLAY_POSITION_NEEDED,
  REPLAY_TIME_FUTURE,
  REPLAY_TIME_NEEDED,
  deliveryStatusLabel,
  disabledReasonText,
  failuresLabel,
  latencyLabel,
  replayBody,
  replayQueuedText,
  responseLabel,
  testDeliveryOf,
  testOutcomeText,
  webhookState,
} from './webhook-format.ts';
import type { WebhookDelivery } from './webhooks-api.ts';

const NOW = Date.parse('2026-11-28T12:00:00Z');

const delivery: WebhookDelivery = {
  id: 'd1',
  event_id: 'e1',
  event_type: 'webhook.test',
  replay: false,
  attempt: 1,
  status: 'delivered',
  response_status: 200,
  latency_ms: 84,
  response_excerpt: 'ok',
  next_attempt_at: null,
  at: '2026-11-28T11:59:00Z',
};

describe('the webhooks screen’s words', () => {
  it('tells on, off by hand and switched off by failures apart', () => {
    expect(webhookState({ enabled: true, disabled_reason: null })).toEqual({ label: 'On', tone: 'success' });
    expect(webhookState({ enabled: false, disabled_reason: null })).toEqual({ label: 'Off', tone: 'neutral' });
    expect(webhookState({ enabled: false, disabled_reason: '20 deliveries in a row failed' })).toEqual({ label: 'Disabled', tone: 'error' });
  });

  it('says why a webhook was switched off, however its reason ends', () => {
    expect(disabledReasonText('20 deliveries in a row failed')).toBe('20 deliveries in a row failed. Switch it back on to deliver again.');
    expect(disabledReasonText('20 deliveries in a row failed.')).toBe('20 deliveries in a row failed. Switch it back on to deliver again.');
  });

  it('counts failures against the limit that switches a webhook off', () => {
    expect(failuresLabel(0)).toBe('None');
    expect(failuresLabel(3)).toBe('3 of 20 in a row');
  });

  it('writes latency and the receiver’s status', () => {
    expect(latencyLabel(null)).toBe('—');
    expect(latencyLabel(84.4)).toBe('84 ms');
    expect(latencyLabel(1234)).toBe('1.2 s');
    expect(responseLabel({ status: 'failed', response_status: null })).toBe('No response');
    expect(responseLabel({ status: 'pending', response_status: null })).toBe('—');
    expect(responseLabel({ status: 'pending', response_status: 503 })).toBe('HTTP 503');
  });

  it('tells an attempt still queued from one being retried', () => {
    expect(deliveryStatusLabel({ status: 'delivered', attempt: 1 })).toBe('Delivered');
    expect(deliveryStatusLabel({ status: 'failed', attempt: 20 })).toBe('Failed');
    expect(deliveryStatusLabel({ status: 'pending', attempt: 0 })).toBe('Queued');
    expect(deliveryStatusLabel({ status: 'pending', attempt: 2 })).toBe('Retrying');
  });

  it('says what a test send came to', () => {
    expect(testOutcomeText(delivery)).toBe('Test event delivered: HTTP 200 in 84 ms.');
    expect(testOutcomeText({ ...delivery, status: 'pending', response_status: 500 })).toBe('Test event not delivered: HTTP 500. It will be tried again.');
    expect(testOutcomeText({ ...delivery, status: 'failed', response_status: null, response_excerpt: 'connection refused' })).toBe(
      'Test event not delivered: connection refused.',
    );
  });

  it('finds the test send’s attempt in its answer, bare or under delivery', () => {
    expect(testDeliveryOf(delivery)).toBe(delivery);
    expect(testDeliveryOf({ delivery })).toBe(delivery);
    expect(testDeliveryOf({ message: 'queued' })).toBeNull();
    expect(testDeliveryOf(null)).toBeNull();
  });

  it('makes the replay body from a local date-time as an ISO instant, or from a log position', () => {
    const local = '2026-11-27T09:30';
    expect(replayBody({ kind: 'time', value: local }, NOW)).toEqual({ body: { from: new Date(local).toISOString() } });
    expect(replayBody({ kind: 'position', value: ' 1042 ' }, NOW)).toEqual({ body: { from: '1042' } });
  });

  it('says what is wrong with a replay’s starting point', () => {
    expect(replayBody({ kind: 'time', value: '' }, NOW)).toEqual({ error: REPLAY_TIME_NEEDED });
    expect(replayBody({ kind: 'time', value: '2026-12-01T00:00' }, NOW)).toEqual({ error: REPLAY_TIME_FUTURE });
    for (const value of ['', '-3', '12.5', 'abc']) expect(replayBody({ kind: 'position', value }, NOW)).toEqual({ error: REPLAY_POSITION_NEEDED });
  });

  it('says how many events a replay queued', () => {
    expect(replayQueuedText(0)).toBe('No events match this webhook since then: nothing was queued.');
    expect(replayQueuedText(1)).toBe('1 event queued for redelivery, in log order, each marked as a replay.');
    expect(replayQueuedText(1204)).toBe('1,204 events queued for redelivery, in log order, each marked as a replay.');
  });
});
