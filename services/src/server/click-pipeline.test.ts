import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../stores/events/event-store.contract.ts';
import { CHROME } from '../testing/http-client.ts';
import { liveClient } from '../testing/live-client.ts';
import { signUp, startTestApp, type TestApp } from '../testing/test-app.ts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('click pipeline, end to end on the embedded stores', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1' });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  it('counts exactly the human clicks, with breakdowns, pushed live to the owner only', async () => {
    const owner = await signUp(t.app, 'owner@example.com');
    const other = await signUp(t.app, 'other@example.com');
    expect(owner.user.role).toBe('super_admin');
    expect(other.user.role).toBe('user');

    const me = await t.app.inject({ url: '/api/users/me', headers: owner.headers });
    expect(me.json()).toMatchObject({ email: 'owner@example.com', role: 'super_admin', plan_type: 'free', is_verified: false });

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/urls',
      headers: owner.headers,
      payload: { original_url: 'https://example.com/launch?utm=1', title: 'Launch', description: 'The launch post' },
    });
    expect(created.statusCode).toBe(201);
    const link = created.json();
    expect(link).toMatchObject({ title: 'Launch', total_clicks: 0, created_via: 'manual', original_url: 'https://example.com/launch?utm=1' });
    expect(typeof link.id).toBe('number');
    expect(link.short_url).toMatch(new RegExp(`/${link.short_code}$`));

    const ownerLive = await liveClient(baseUrl, owner.token);
    const otherLive = await liveClient(baseUrl, other.token);
    expect(ownerLive.messages).toContainEqual({ type: 'ready' });

    const visit = (ip: string, ua: string, referer?: string, method: 'GET' | 'HEAD' = 'GET', extra: Record<string, string> = {}) =>
      fetch(`${baseUrl}/${link.short_code}`, {
        method,
        redirect: 'manual',
        headers: { 'x-forwarded-for': ip, 'user-agent': ua, ...(referer ? { referer } : {}), ...extra },
      });

    const humans = [
      visit('8.8.8.8', CHROME, 'https://news.ycombinator.com/item?id=1'),
      visit('8.8.4.4', IPHONE, 'https://news.ycombinator.com/'),
      visit('5.9.0.1', FIREFOX, 'https://t.co/abc'),
      visit('81.2.69.142', CHROME),
      visit('49.44.0.1', IPHONE, 'https://www.google.com/search?q=x'),
      visit('49.44.0.2', CHROME, 'https://www.google.com/'),
    ];
    const responses = await Promise.all([
      ...humans,
      visit('66.249.66.1', GOOGLEBOT, 'https://www.google.com/'),
      visit('8.8.8.8', CHROME, undefined, 'HEAD'),
      visit('8.8.8.8', CHROME, undefined, 'GET', { 'sec-purpose': 'prefetch' }),
    ]);
    for (const response of responses) {
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('https://example.com/launch?utm=1');
      expect(response.headers.get('cache-control')).toBe('no-store');
    }

    // Seven clicks are in the log (6 humans + the bot); HEAD and the prefetch are not.
    const clicks = await t.platform.events.readStream(`clicks-${link.id}`);
    expect(clicks).toHaveLength(7);
    expect(JSON.stringify(clicks)).not.toContain('8.8.8.8');

    await waitUntil(() => ownerLive.clicks().at(-1)?.total_clicks === 6);
    const last = ownerLive.clicks().at(-1)!;
    expect(last).toMatchObject({ type: 'click', url_id: link.id, total_clicks: 6 });
    expect(ownerLive.clicks().length).toBeLessThanOrEqual(6);
    await new Promise((r) => setTimeout(r, 400));
    expect(otherLive.clicks()).toEqual([]);

    const after = await t.app.inject({ url: `/api/urls/${link.id}`, headers: owner.headers });
    expect(after.json().total_clicks).toBe(6);

    const analytics = await waitForAnalytics(t, link.id, owner.headers, 6);
    expect(analytics).toMatchObject({ total_clicks: 6, clicks_today: 6, clicks_this_week: 6, clicks_this_month: 6 });
    expect(analytics.top_countries).toEqual([
      { country: 'IN', count: 2 },
      { country: 'US', count: 2 },
      { country: 'DE', count: 1 },
      { country: 'GB', count: 1 },
    ]);
    expect(analytics.top_referrers).toEqual([
      { referrer: 'news.ycombinator.com', count: 2 },
      { referrer: 'www.google.com', count: 2 },
      { referrer: 'Direct', count: 1 },
      { referrer: 't.co', count: 1 },
    ]);
    expect(analytics.clicks_by_date.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), clicks: 6 });

    // Another user can neither see the link nor its analytics.
    expect((await t.app.inject({ url: `/api/urls/${link.id}`, headers: other.headers })).statusCode).toBe(404);
    const foreign = await t.app.inject({ url: `/api/urls/${link.id}/analytics`, headers: other.headers });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'URL not found' });
    expect((await t.app.inject({ url: '/api/urls', headers: other.headers })).json()).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/urls/${link.id}`, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/urls/${link.id}/analytics` })).statusCode).toBe(401);

    ownerLive.close();
    otherLive.close();
  });

  it('answers unknown and deleted codes with the 404 page', async () => {
    const owner = await signUp(t.app, 'deleter@example.com');
    const link = (await t.app.inject({ method: 'POST', url: '/api/urls', headers: owner.headers, payload: { original_url: 'https://example.org' } })).json();
    expect((await t.app.inject(`/${link.short_code}`)).statusCode).toBe(302);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/urls/${link.id}`, headers: owner.headers });
    expect(deleted.statusCode).toBe(200);
    const gone = await t.app.inject(`/${link.short_code}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).toContain('text/html');
    const unknown = await t.app.inject('/NoSuchCode');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('text/html');
    expect((await t.app.inject({ url: '/api/urls', headers: owner.headers })).json()).toEqual([]);
  });
});

async function waitForAnalytics(t: TestApp, id: number, headers: Record<string, string>, total: number) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const response = await t.app.inject({ url: `/api/urls/${id}/analytics`, headers });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    if (body.total_clicks === total || Date.now() > deadline) return body;
    await new Promise((r) => setTimeout(r, 50));
  }
}
