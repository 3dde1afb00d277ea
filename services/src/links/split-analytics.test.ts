import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsResponse, LinkResponse } from '@linkledger/contracts';
import { CHROME, GOOGLEBOT } from '../testing/http-client.ts';
import { projectorsCaughtUp } from '../testing/projectors.ts';
import { seedClicks } from '../testing/seed-clicks.ts';
import { signUp, startTestApp, type TestApp } from '../testing/test-app.ts';

const APP_STORE = 'https://apps.apple.com/app/id1';
const VARIANT_A = 'https://example.com/a';
const VARIANT_B = 'https://example.com/b';

describe('GET /api/urls/{id}/analytics by rule and by variant', () => {
  let t: TestApp;
  let now = new Date('2026-11-17T10:00:00.000Z');
  let headers: Record<string, string>;
  let smart: LinkResponse;
  let plain: LinkResponse;

  beforeAll(async () => {
    t = await startTestApp({}, { clock: () => now });
    const owner = await signUp(t.app, 'splits@example.com');
    headers = owner.headers;
    const create = async (original_url: string) =>
      (await t.app.inject({ method: 'POST', url: '/api/urls', headers, payload: { original_url } })).json<LinkResponse>();
    smart = await create('https://example.com/');
    plain = await create('https://example.com/plain');
    const on = (link: LinkResponse) => ({ id: link.id, owner_id: owner.user.id });
    // Day 1: the iOS rule sent two visitors to the App Store.
    await seedClicks(t.platform, on(smart), 2, [CHROME], { rule: 1, destination: APP_STORE, visitor_hash: 'early' });
    now = new Date('2026-11-20T10:00:00.000Z');
    // Day 4: the rule again, then the split for the traffic no rule took; bots that must not count.
    await seedClicks(t.platform, on(smart), 3, [CHROME], { rule: 1, destination: APP_STORE, visitor_hash: 'ios' });
    await seedClicks(t.platform, on(smart), 4, [CHROME], { variant: 1, destination: VARIANT_A, visitor_hash: 'a' });
    await seedClicks(t.platform, on(smart), 2, [CHROME], { variant: 2, destination: VARIANT_B, visitor_hash: 'b' });
    await seedClicks(t.platform, on(smart), 5, [GOOGLEBOT], { rule: 2, destination: 'https://bots.example/', visitor_hash: 'bot' });
    await seedClicks(t.platform, on(smart), 5, [GOOGLEBOT], { variant: 2, destination: VARIANT_B, visitor_hash: 'bot' });
    await seedClicks(t.platform, on(plain), 3, [CHROME]);
    await projectorsCaughtUp(t.platform);
  });
  afterAll(async () => t.close());

  const analytics = async (id: number, query = '') => {
    const response = await t.app.inject({ url: `/api/urls/${id}/analytics${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AnalyticsResponse>();
  };

  it('counts human clicks and visitors per rule and per variant, each with the destination the clicks went to', async () => {
    const all = await analytics(smart.id);
    expect(all.total_clicks).toBe(11);
    expect(all.by_rule).toEqual([
      { rule: 1, url: APP_STORE, clicks: 5, unique_visitors: 5 },
      { rule: 0, url: VARIANT_A, clicks: 4, unique_visitors: 4 },
      { rule: 0, url: VARIANT_B, clicks: 2, unique_visitors: 2 },
    ]);
    expect(all.by_variant).toEqual([
      { variant: 1, url: VARIANT_A, clicks: 4, unique_visitors: 4 },
      { variant: 2, url: VARIANT_B, clicks: 2, unique_visitors: 2 },
      { variant: 0, url: APP_STORE, clicks: 5, unique_visitors: 5 },
    ]);
  });

  it('bounds both splits by the same day range as the rest', async () => {
    const firstDay = await analytics(smart.id, '?date_to=2026-11-17');
    expect(firstDay.by_rule).toEqual([{ rule: 1, url: APP_STORE, clicks: 2, unique_visitors: 2 }]);
    // No click of that day was sent by a variant: nothing to split.
    expect(firstDay.by_variant).toEqual([]);
  });

  it('answers empty splits for a link that never had rules or variants', async () => {
    expect(await analytics(plain.id)).toMatchObject({ total_clicks: 3, by_rule: [], by_variant: [] });
  });
});
