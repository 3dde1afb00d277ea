import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givePlan } from '../testing/plans.ts';
import { seedClicks } from '../testing/seed-clicks.ts';
import { signIn, signUp, startTestApp, type Session, type TestApp } from '../testing/test-app.ts';
import { replayWebhook } from './webhook-replay.ts';
import type { WebhookSettings } from './webhook-state.ts';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

/** A replay sends again what the workspace may still see, and no more than its cap at once (docs/webhooks.md#replay). */
describe('replaying a webhook', () => {
  let now = new Date('2026-06-01T10:00:00.000Z');
  let t: TestApp;
  let owner: Session;
  let linkId: number;
  let webhookId: number;
  const recent: number[] = [];

  beforeAll(async () => {
    t = await startTestApp({ WEBHOOKS_ALLOW_PRIVATE_TARGETS: '1' }, { clock: () => now });
    owner = await signUp(t.app, 'replays@example.com');
    await givePlan(t.platform, owner.user.id, 'pro', { period_end: '2027-12-31T00:00:00.000Z' });
    const link = await t.app.inject({ method: 'POST', url: '/api/urls', headers: owner.headers, payload: { original_url: 'https://example.com/replayed' } });
    expect(link.statusCode, link.body).toBe(201);
    linkId = link.json<{ id: number }>().id;
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/workspaces/${owner.user.id}/webhooks`,
      headers: owner.headers,
      payload: { name: 'Clicks', url: 'http://127.0.0.1:9/hook', events: ['link.clicked'], link_ids: [linkId] },
    });
    expect(created.statusCode, created.body).toBe(201);
    webhookId = created.json<{ id: number }>().id;
    const clicksOn = { id: linkId, owner_id: owner.user.id };
    // Older than Pro's 90 days of analytics by the time of the replay.
    await seedClicks(t.platform, clicksOn, 1, [CHROME], { visitor_hash: 'old' });
    now = new Date('2026-10-01T10:00:00.000Z');
    recent.push(await seedClicks(t.platform, clicksOn, 1, [CHROME], { visitor_hash: 'new-a' }));
    recent.push(await seedClicks(t.platform, clicksOn, 1, [CHROME], { visitor_hash: 'new-b' }));
    owner = { ...owner, ...(await signIn(t.app, 'replays@example.com')) };
  });
  afterAll(async () => t.close());

  it('sends no click older than the analytics retention again', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/workspaces/${owner.user.id}/webhooks/${webhookId}/replay`,
      headers: owner.headers,
      payload: { from: '1' },
    });
    expect(answer.statusCode, answer.body).toBe(202);
    expect(answer.json()).toMatchObject({ events: 2, from_position: '1' });
  });

  it('stops at its cap and answers the last position queued, to replay on from there', async () => {
    const webhook: WebhookSettings = {
      id: webhookId,
      name: 'Clicks',
      url: 'http://127.0.0.1:9/hook',
      events: ['link.clicked'],
      linkIds: [linkId],
      secretSealed: '',
      secretHint: '',
      heardAfter: 0,
      enabled: true,
      disabledReason: null,
      createdAt: '',
    };
    const context = { actor: { kind: 'system' as const, id: 'test' }, correlationId: randomUUID(), now };
    const started = await replayWebhook(t.platform, context, owner.user.id, webhook, '1', 1);
    expect(started).toEqual({ events: 1, from_position: '1', to_position: String(recent[0]) });
    const onFrom = await replayWebhook(t.platform, context, owner.user.id, webhook, String(recent[0]! + 1), 1);
    expect(onFrom).toMatchObject({ events: 1, to_position: String(recent[1]) });
  });
});
