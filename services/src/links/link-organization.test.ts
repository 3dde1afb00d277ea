import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApp, type TestApp } from '../testing/test-app.ts';

describe('a link’s organization fields (docs/links.md#organizing-links)', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp();
    headers = (await signUp(t.app, 'organizer@example.com')).headers;
  });
  afterAll(async () => t.close());

  const updates = async (id: number) => (await t.platform.events.readStream(`link-${id}`)).filter((e) => e.type === 'LinkUpdated').map((e) => e.data);

  it('records UTM parameters set on creation, answers them, and records only the ones an edit really changes', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/urls',
      headers,
      payload: { original_url: 'https://example.com/a', utm_source: 'news', utm_campaign: ' spring ', utm_medium: '' },
    });
    expect(created.statusCode).toBe(201);
    const link = created.json<{ id: number }>();
    expect(created.json()).toMatchObject({ utm_source: 'news', utm_campaign: 'spring', utm_medium: null, utm_term: null, tags: [], folder: null, qr: null });
    const [recorded] = (await t.platform.events.readStream(`link-${link.id}`)).filter((e) => e.type === 'LinkCreated');
    expect(recorded!.data).toMatchObject({ utm_source: 'news', utm_campaign: 'spring' });
    expect(recorded!.data).not.toHaveProperty('utm_medium');

    const patch = (payload: object) => t.app.inject({ method: 'PATCH', url: `/api/urls/${link.id}`, headers, payload });
    expect((await patch({ utm_source: 'news', utm_term: null })).json()).toMatchObject({ utm_source: 'news', utm_term: null });
    expect(await updates(link.id)).toEqual([]);
    expect((await patch({ utm_campaign: null, utm_content: 'hero' })).json()).toMatchObject({ utm_campaign: null, utm_content: 'hero', utm_source: 'news' });
    expect(await updates(link.id)).toEqual([{ link_id: link.id, changes: { utm_campaign: null, utm_content: 'hero' } }]);
  });

  it('refuses a malformed field with a 400 naming it, and records nothing', async () => {
    const before = await t.platform.events.headPosition();
    for (const [payload, detail] of [
      [{ utm_source: 'x'.repeat(201) }, 'UTM source must be at most 200 characters'],
      [{ qr: { fg_color: 'red' } }, 'QR foreground colour must be a colour written #rrggbb, e.g. #1a2b3c'],
      [{ qr: { ec_level: 'Z' } }, 'QR error correction must be one of: L, M, Q, H'],
      [{ qr: { shape: 'dots' } }, 'The QR design takes fg_color, bg_color, ec_level, margin and logo_id; remove shape'],
    ] as const) {
      const response = await t.app.inject({ method: 'POST', url: '/api/urls', headers, payload: { original_url: 'https://example.com/b', ...payload } });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().detail).toContain(detail);
    }
    expect(await t.platform.events.headPosition()).toBe(before);
  });
});
