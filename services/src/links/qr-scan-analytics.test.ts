import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectorsCaughtUp } from '../testing/projectors.ts';
import { signUp, startTestApp, type TestApp } from '../testing/test-app.ts';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const BOT = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)';

// The QR dialog says scans show as QR in analytics (docs/analytics.md#qr-scans): the QR code
// encodes the short URL with ?src=qr, the redirect records the click's source, and the
// analytics name the scans.
describe('QR code scans in a link’s analytics', () => {
  let t: TestApp;
  const now = new Date('2026-11-20T10:00:00.000Z');
  let headers: Record<string, string>;
  let link: { id: number; short_code: string };

  const visit = (path: string, ip: string, options: { referer?: string; agent?: string } = {}) =>
    t.app.inject({
      url: path,
      headers: { 'user-agent': options.agent ?? PHONE, 'x-forwarded-for': ip, ...(options.referer ? { referer: options.referer } : {}) },
    });

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1' }, { clock: () => now });
    headers = (await signUp(t.app, 'printer@example.com')).headers;
    link = (await t.app.inject({ method: 'POST', url: '/api/urls', headers, payload: { original_url: 'https://example.com/poster' } })).json();
    const code = link.short_code;
    expect((await visit(`/${code}`, '8.8.8.1')).statusCode).toBe(302); // typed or pasted: Direct
    await visit(`/${code}`, '8.8.8.2', { referer: 'https://t.co/x' });
    await visit(`/${code}?src=qr`, '8.8.8.3'); // two scans of the printed code
    await visit(`/${code}?src=qr`, '8.8.8.4');
    await visit(`/${code}?src=qr`, '8.8.8.5', { referer: 'https://t.co/y' }); // a scan that carried a referrer keeps it
    await visit(`/${code}?src=qr`, '8.8.8.6', { agent: BOT }); // bots never count
    await projectorsCaughtUp(t.platform);
  });
  afterAll(async () => t.close());

  it('counts the scans, and lists those without a referrer as "QR code" instead of "Direct"', async () => {
    const response = await t.app.inject({ url: `/api/urls/${link.id}/analytics`, headers });
    expect(response.statusCode, response.body).toBe(200);
    const analytics = response.json();
    expect(analytics.total_clicks).toBe(5);
    expect(analytics.qr_scans).toBe(3);
    expect(analytics.top_referrers).toEqual([
      { referrer: 'QR code', count: 2 },
      { referrer: 't.co', count: 2 },
      { referrer: 'Direct', count: 1 },
    ]);
  });

  it('bounds the scans by the range like every other breakdown', async () => {
    const before = await t.app.inject({ url: `/api/urls/${link.id}/analytics?date_to=2026-11-19`, headers });
    expect(before.json()).toMatchObject({ qr_scans: 0, top_referrers: [] });
  });
});
