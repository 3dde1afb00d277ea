import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsResponse, LinkResponse } from '@linkledger/contracts';
import { GOOGLEBOT } from '../testing/http-client.ts';
import { givePlan } from '../testing/plans.ts';
import { projectorsCaughtUp } from '../testing/projectors.ts';
import { UA } from '../testing/smart-links.ts';
import { post, signUp, startTestApp, type TestApp } from '../testing/test-app.ts';

const OWN = 'https://example.com/own';
const APP_STORE = 'https://apps.apple.com/app/id1';
const HINDI_SITE = 'https://example.in/';
const VARIANT_A = 'https://example.com/a';
const VARIANT_B = 'https://example.com/b';
const INDIA = '117.192.0.1';
const USA = '8.8.8.8';

/**
 * Real redirects feed the analytics (docs/links.md#smart-links): a link made through the API with
 * two rules and a 50/50 split, visited by iPhones, visitors from India and desktops elsewhere;
 * each click's rule and variant, as the redirect chose them, come back out of
 * `GET /api/urls/{id}/analytics` exactly.
 */
describe('a smart link’s redirects in its analytics by rule and by variant', () => {
  let t: TestApp;
  const now = new Date('2026-11-28T10:00:00.000Z');
  let headers: Record<string, string>;
  let link: LinkResponse;
  /** Where each visit was sent, as the redirect answered. */
  const sentTo: string[] = [];

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1' }, { clock: () => now });
    const owner = await signUp(t.app, 'smart-analytics@example.com');
    headers = owner.headers;
    await givePlan(t.platform, owner.user.id, 'enterprise');
    const created = await post(t.app, '/api/urls', headers, {
      original_url: OWN,
      rules: [
        { url: APP_STORE, conditions: { device: 'ios' } },
        { url: HINDI_SITE, conditions: { country: 'IN' } },
      ],
      variants: [
        { url: VARIANT_A, weight: 50 },
        { url: VARIANT_B, weight: 50 },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    link = created.json<LinkResponse>();

    const visit = async (ua: string, ip: string) => {
      const answer = await t.app.inject({ url: `/${link.short_code}`, headers: { 'user-agent': ua, 'x-forwarded-for': ip } });
      expect(answer.statusCode, answer.body).toBe(302);
      sentTo.push(String(answer.headers['location']));
    };
    // Three iPhones (one of them in India: the first rule wins), two of them twice.
    for (const [n, ip] of [USA, USA, INDIA].entries()) await visit(`${UA.iphone} visitor-${n}`, ip);
    await visit(`${UA.iphone} visitor-0`, USA);
    await visit(`${UA.iphone} visitor-1`, USA);
    // Two desktops in India: the second rule.
    await visit(`${UA.windows} visitor-in-1`, INDIA);
    await visit(`${UA.linux} visitor-in-2`, INDIA);
    // Twenty desktops elsewhere, each twice: the split, each keeping their variant.
    for (let n = 0; n < 20; n++) for (let again = 0; again < 2; again++) await visit(`${UA.windows} visitor-us-${n}`, USA);
    // A crawler is redirected too, but is no human click.
    await visit(GOOGLEBOT, USA);
    await projectorsCaughtUp(t.platform);
  });
  afterAll(async () => t.close());

  it('counts each rule’s and each variant’s clicks and visitors exactly as the redirect sent them', async () => {
    const answer = await t.app.inject({ url: `/api/urls/${link.id}/analytics`, headers });
    expect(answer.statusCode, answer.body).toBe(200);
    const analytics = answer.json<AnalyticsResponse>();

    const humans = sentTo.slice(0, -1);
    const toA = humans.filter((url) => url === VARIANT_A).length;
    const toB = humans.filter((url) => url === VARIANT_B).length;
    // The split took forty visits of twenty visitors, each visitor always to the same variant.
    expect(toA + toB).toBe(40);
    expect(toA % 2).toBe(0);
    expect(toA).toBeGreaterThan(0);
    expect(toB).toBeGreaterThan(0);

    expect(analytics.total_clicks).toBe(47);
    // Rules in order, then the traffic no rule took (its destinations, most clicked first).
    expect(analytics.by_rule.slice(0, 2)).toEqual([
      { rule: 1, url: APP_STORE, clicks: 5, unique_visitors: 3 },
      { rule: 2, url: HINDI_SITE, clicks: 2, unique_visitors: 2 },
    ]);
    expect(analytics.by_rule.slice(2).sort((a, b) => a.url.localeCompare(b.url))).toEqual([
      { rule: 0, url: VARIANT_A, clicks: toA, unique_visitors: toA / 2 },
      { rule: 0, url: VARIANT_B, clicks: toB, unique_visitors: toB / 2 },
    ]);
    expect(analytics.by_variant).toEqual([
      { variant: 1, url: VARIANT_A, clicks: toA, unique_visitors: toA / 2 },
      { variant: 2, url: VARIANT_B, clicks: toB, unique_visitors: toB / 2 },
      { variant: 0, url: APP_STORE, clicks: 5, unique_visitors: 3 },
      { variant: 0, url: HINDI_SITE, clicks: 2, unique_visitors: 2 },
    ]);
  });
});
