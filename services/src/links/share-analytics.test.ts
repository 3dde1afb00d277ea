import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectorsCaughtUp } from '../testing/projectors.ts';
import { signUp, startTestApp, type TestApp } from '../testing/test-app.ts';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const BOT = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)';

// A share button adds ?src=<channel> to the short URL (docs/links.md#sharing); the redirect
// records the channel as the click's source and the analytics count clicks per channel.
describe('clicks that came through a share button', () => {
  let t: TestApp;
  const now = new Date('2026-11-20T10:00:00.000Z');
  let headers: Record<string, string>;
  let link: { id: number; short_code: string };
  let ip = 0;

  const visit = (query: string, agent = PHONE) =>
    t.app.inject({ url: `/${link.short_code}${query}`, headers: { 'user-agent': agent, 'x-forwarded-for': `8.8.4.${++ip}` } });

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1' }, { clock: () => now });
    headers = (await signUp(t.app, 'sharer@example.com')).headers;
    link = (await t.app.inject({ method: 'POST', url: '/api/urls', headers, payload: { original_url: 'https://example.com/launch' } })).json();
    for (const query of ['?src=whatsapp', '?src=whatsapp', '?src=whatsapp', '?src=email', '?src=telegram', '?src=telegram', '?src=x', '?src=native']) {
      expect((await visit(query)).statusCode).toBe(302);
    }
    await visit('?src=qr');
    await visit('');
    await visit('?src=newsletter'); // not a channel we know: a plain link click
    await visit('?src=%3Cscript%3E');
    await visit('?src=facebook', BOT); // bots never count
    await projectorsCaughtUp(t.platform);
  });
  afterAll(async () => t.close());

  it('records the channel a visit came through, and an unknown src as a plain link click', async () => {
    const sources = (await t.platform.events.readStream(`clicks-${link.id}`)).map((event) => (event.data as { source: string }).source);
    expect(sources).toEqual(['whatsapp', 'whatsapp', 'whatsapp', 'email', 'telegram', 'telegram', 'x', 'native', 'qr', 'link', 'link', 'link', 'facebook']);
  });

  it('answers the clicks per share channel, most first, beside the QR scans', async () => {
    const response = await t.app.inject({ url: `/api/urls/${link.id}/analytics`, headers });
    expect(response.statusCode, response.body).toBe(200);
    const analytics = response.json();
    expect(analytics.total_clicks).toBe(12);
    expect(analytics.qr_scans).toBe(1);
    expect(analytics.shares).toEqual([
      { channel: 'whatsapp', count: 3 },
      { channel: 'telegram', count: 2 },
      { channel: 'email', count: 1 },
      { channel: 'native', count: 1 },
      { channel: 'x', count: 1 },
    ]);
  });

  it('bounds the shares by the range like every other breakdown', async () => {
    const before = await t.app.inject({ url: `/api/urls/${link.id}/analytics?date_to=2026-11-19`, headers });
    expect(before.json()).toMatchObject({ shares: [] });
  });
});
