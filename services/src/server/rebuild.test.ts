import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINKS, USERS, rebuild } from '@linkledger/projections';
import { waitUntil } from '../stores/events/event-store.contract.ts';
import { signUp, startTestApp, type TestApp } from '../testing/test-app.ts';

const UAS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
];

describe('rebuild from position 0', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(async () => t.close());

  const snapshot = async () => ({
    users: await t.platform.read.find(USERS, { sort: [{ field: 'id', direction: 'asc' }] }),
    links: await t.platform.read.find(LINKS, { sort: [{ field: 'id', direction: 'asc' }] }),
    clicks: await t.platform.analytics.query('SELECT * FROM clicks ORDER BY position'),
    daily: await t.platform.analytics.query(
      'SELECT link_id, day, dimension, value, sum(clicks) AS clicks FROM clicks_daily GROUP BY link_id, day, dimension, value ORDER BY link_id, day, dimension, value',
    ),
  });

  it('gives read models and analytics equal to the incrementally built ones', async () => {
    const accounts = [await signUp(t.app, 'a@example.com'), await signUp(t.app, 'b@example.com')];
    const links: { id: number; short_code: string }[] = [];
    for (let i = 0; i < 6; i++) {
      const account = accounts[i % 2]!;
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/urls',
        headers: account.headers,
        payload: { original_url: `https://example.com/${i}`, title: `Link ${i}` },
      });
      links.push(response.json());
    }
    for (let i = 0; i < 60; i++) {
      const link = links[i % links.length]!;
      await t.app.inject({
        url: `/${link.short_code}`,
        headers: { 'user-agent': UAS[i % UAS.length]!, 'x-forwarded-for': `8.8.${i}.1`, referer: `https://site${i % 4}.example/` },
      });
    }
    // An edit made through the log (its route comes with the links API), and a deletion.
    await t.platform.events.append([
      {
        stream: `link-${links[0]!.id}`,
        expected: 0,
        events: [
          {
            id: randomUUID(),
            type: 'LinkUpdated',
            version: 1,
            data: { link_id: links[0]!.id, changes: { title: 'Renamed', is_active: false } },
            metadata: { actor: { kind: 'system', id: 'test' }, correlation_id: 'c', causation_id: 'c', at: new Date().toISOString() },
          },
        ],
      },
    ]);
    await t.app.inject({ method: 'DELETE', url: `/api/urls/${links[1]!.id}`, headers: accounts[1]!.headers });

    const head = await t.platform.events.headPosition();
    await waitUntil(() => t.platform.runners.every((runner) => runner.applied >= head));
    const incremental = await snapshot();
    expect(incremental.links).toHaveLength(5);
    expect(incremental.links.find((l) => l.id === links[0]!.id)).toMatchObject({ title: 'Renamed', is_active: false });
    expect(incremental.clicks).toHaveLength(60);
    expect(incremental.daily.length).toBeGreaterThan(0);
    // 60 clicks: every third is a bot (20); the deleted link had 10 human clicks.
    expect(incremental.links.reduce((sum, l) => sum + Number(l['total_clicks']), 0)).toBe(30);

    await Promise.all(t.platform.runners.map((runner) => runner.stop()));
    await rebuild(t.platform.events, t.platform.readModelTarget, () => undefined, 7);
    await rebuild(t.platform.events, t.platform.analyticsTarget, () => undefined, 7);
    expect(await snapshot()).toEqual(incremental);
    expect(await t.platform.read.checkpoint(t.platform.readModelTarget.name)).toBe(head);
  });
});
