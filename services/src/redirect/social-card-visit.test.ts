import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWN, PREVIEW_CRAWLERS, UA, startSmartLinks, type SmartLinks } from '../testing/smart-links.ts';

let s: SmartLinks;
beforeAll(async () => {
  s = await startSmartLinks(() => new Date('2026-11-28T10:00:00.000Z'));
});
afterAll(async () => s.t.close());

describe('social cards (docs/links.md#social-cards)', () => {
  const HOSTILE = {
    title: '"><script>alert(1)</script>',
    description: 'It\'s <b>bold</b> & "quoted"',
    image_url: 'https://img.example.com/card.png?a=1&b="x"',
  };

  it.each(Object.entries(PREVIEW_CRAWLERS))(
    '%s’s previewer gets the card: Open Graph and Twitter tags, every value escaped, no redirect, no click',
    async (_, ua) => {
      const { id, code } = await s.smartLink({ og: HOSTILE, rules: [{ url: 'https://example.com/rule', conditions: { country: 'US' } }] });
      const answer = await s.visit(code, { ua, query: '?utm_source=x', headers: { host: 'sho.rt' } });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['location']).toBeUndefined();
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['content-security-policy']).toMatch(/^default-src 'none'/);
      const page = answer.body;
      expect(page).toContain('<meta property="og:title" content="&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;">');
      expect(page).toContain('<meta name="twitter:title" content="&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;">');
      expect(page).toContain('<meta property="og:description" content="It&#39;s &#60;b&#62;bold&#60;/b&#62; &#38; &#34;quoted&#34;">');
      expect(page).toContain('<meta property="og:image" content="https://img.example.com/card.png?a=1&#38;b=%22x%22">');
      expect(page).toContain('<meta name="twitter:card" content="summary_large_image">');
      expect(page).toContain(`<meta property="og:url" content="http://sho.rt/${code}">`);
      expect(page).toMatch(/^<!doctype html><html lang="en">/);
      expect(page).not.toContain('<script>');
      expect(page).not.toContain('https://example.com/rule');
      expect(await s.clicksOf(id)).toEqual([]);
    },
  );

  it('a card without an image is a summary card; a person is redirected and counted as always', async () => {
    const { id, code } = await s.smartLink({ og: { title: 'Sale', description: 'Today only', image_url: null } });
    const card = await s.visit(code, { ua: PREVIEW_CRAWLERS.X });
    expect(card.body).toContain('<meta name="twitter:card" content="summary">');
    expect(card.body).not.toContain('og:image');
    const person = await s.visit(code, { ua: UA.iphone });
    expect([person.statusCode, person.headers['location']]).toEqual([302, OWN]);
    // The apps' in-app browsers are people too.
    const inApp = await s.visit(code, { ua: `${UA.iphone} [FBAN/FBIOS;FBAV/400.0]` });
    expect(inApp.statusCode).toBe(302);
    expect(await s.clicksOf(id)).toHaveLength(2);
  });

  it('a crawler of a link without a card is redirected as before', async () => {
    const { code } = await s.smartLink({ rules: [{ url: 'https://example.com/ios', conditions: { device: 'ios' } }] });
    expect((await s.visit(code, { ua: PREVIEW_CRAWLERS.Facebook })).headers['location']).toBe(OWN);
  });
});

describe('social cards on a real server, through the redirect front', () => {
  let baseUrl: string;
  beforeAll(async () => {
    baseUrl = await s.t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('answers a crawler the card and a person the redirect, over the wire', async () => {
    const { id, code } = await s.smartLink({ og: { title: 'Launch <day>', description: 'd', image_url: null } });
    const card = await fetch(`${baseUrl}/${code}`, { redirect: 'manual', headers: { 'user-agent': PREVIEW_CRAWLERS.X } });
    expect([card.status, card.headers.get('location')]).toEqual([200, null]);
    expect(await card.text()).toContain('<meta property="og:title" content="Launch &#60;day&#62;">');
    const person = await fetch(`${baseUrl}/${code}`, { redirect: 'manual', headers: { 'user-agent': UA.android } });
    expect([person.status, person.headers.get('location')]).toEqual([302, OWN]);
    expect(await s.clicksOf(id)).toHaveLength(1);
  });
});
