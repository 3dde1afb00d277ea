import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clicked, StoredLinkControls } from '@linkledger/contracts';
import { UA, startSmartLinks, type SmartLinks } from '../testing/smart-links.ts';
import { post } from '../testing/test-app.ts';

const now = new Date('2026-11-28T10:00:00.000Z');
let s: SmartLinks;
let owner: Record<string, string>;
beforeAll(async () => {
  s = await startSmartLinks(() => now);
  owner = s.owner.headers;
});
afterAll(async () => s.t.close());

const HOSTILE = {
  utm_source: 'news&letter',
  utm_medium: 'e-mail#top',
  utm_campaign: 'spring\r\nSet-Cookie: stolen=1',
  utm_term: 'früh 春 ☀',
  utm_content: 'a=b',
};

/** A link made through the API with these fields, then (optionally) given smart controls as an edit records them. */
async function linkWith(body: Record<string, unknown>, controls?: StoredLinkControls): Promise<{ id: number; code: string }> {
  const created = await post(s.t.app, '/api/urls', owner, body);
  if (created.statusCode !== 201) throw new Error(`create ${created.statusCode}: ${created.body}`);
  const { id, short_code: code } = created.json<{ id: number; short_code: string }>();
  if (controls) await s.setControls(id, controls);
  return { id, code };
}

describe('UTM parameters at redirect (docs/links.md#utm-parameters)', () => {
  it('adds hostile values percent-encoded to the destination’s own query, the link’s value replacing a parameter it has, the fragment kept', async () => {
    const { id, code } = await linkWith({ original_url: 'https://shop.example/p?utm_source=old&colour=red&utm_source=again#reviews', ...HOSTILE });
    const answer = await s.visit(code);
    expect(answer.statusCode).toBe(302);
    const location = answer.headers['location'] as string;
    expect(location).toBe(
      'https://shop.example/p?utm_source=news%26letter&colour=red&utm_medium=e-mail%23top&utm_campaign=spring%0D%0ASet-Cookie%3A%20stolen%3D1' +
        '&utm_term=fr%C3%BCh%20%E6%98%A5%20%E2%98%80&utm_content=a%3Db#reviews',
    );
    expect(answer.headers['set-cookie']).toBeUndefined();
    const served = new URL(location);
    expect(served.searchParams.getAll('utm_source')).toEqual(['news&letter']);
    expect(served.searchParams.get('utm_campaign')).toBe('spring\r\nSet-Cookie: stolen=1');
    expect(served.hash).toBe('#reviews');
    const clicks = await s.clicksOf(id);
    expect(clicks.map((click: Clicked) => click.destination)).toEqual([location]);
  });

  it('sends a link without UTM to its destination exactly as stored, and follows an edit that sets or clears them', async () => {
    const { id, code } = await linkWith({ original_url: 'https://example.com/plain?x=1' });
    expect(await s.whereTo(code)).toBe('https://example.com/plain?x=1');
    const patch = (payload: object) => s.t.app.inject({ method: 'PATCH', url: `/api/urls/${id}`, headers: owner, payload });
    expect((await patch({ utm_campaign: 'launch' })).statusCode).toBe(200);
    expect(await s.whereTo(code)).toBe('https://example.com/plain?x=1&utm_campaign=launch');
    expect((await patch({ original_url: 'https://example.com/moved' })).statusCode).toBe(200);
    expect(await s.whereTo(code)).toBe('https://example.com/moved?utm_campaign=launch');
    expect((await patch({ utm_campaign: null })).statusCode).toBe(200);
    expect(await s.whereTo(code)).toBe('https://example.com/moved');
  });

  it('adds them to the address a targeting rule or an A/B variant chose, and records that address on the click', async () => {
    const ruled = await linkWith(
      { original_url: 'https://example.com/own', utm_source: 'qr' },
      { rules: [{ url: 'https://apps.example/ios?ref=1', conditions: { device: 'ios' } }] },
    );
    expect(await s.whereTo(ruled.code, { ua: UA.iphone })).toBe('https://apps.example/ios?ref=1&utm_source=qr');
    expect(await s.whereTo(ruled.code, { ua: UA.windows })).toBe('https://example.com/own?utm_source=qr');
    expect((await s.clicksOf(ruled.id)).map((click) => click.destination)).toEqual([
      'https://apps.example/ios?ref=1&utm_source=qr',
      'https://example.com/own?utm_source=qr',
    ]);
    const split = await linkWith(
      { original_url: 'https://example.com/own', utm_medium: 'social' },
      { variants: [{ url: 'https://example.com/b#x', weight: 100 }] },
    );
    expect(await s.whereTo(split.code)).toBe('https://example.com/b?utm_medium=social#x');
  });

  it('on a real server the Location header carries the hostile values encoded, with no header of their making', async () => {
    const { code } = await linkWith({ original_url: 'https://shop.example/p', ...HOSTILE });
    const base = await s.t.app.listen({ port: 0, host: '127.0.0.1' });
    const answer = await fetch(`${base}/${code}`, { redirect: 'manual', headers: { 'user-agent': UA.windows, 'x-forwarded-for': '8.8.8.8' } });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe(
      'https://shop.example/p?utm_source=news%26letter&utm_medium=e-mail%23top&utm_campaign=spring%0D%0ASet-Cookie%3A%20stolen%3D1&utm_term=fr%C3%BCh%20%E6%98%A5%20%E2%98%80&utm_content=a%3Db',
    );
    expect(answer.headers.get('set-cookie')).toBeNull();
  });

  it('leaves the expired address alone: a visit sent there is not a visit of the campaign', async () => {
    const { code } = await linkWith(
      { original_url: 'https://example.com/sale', utm_campaign: 'sale' },
      { expires_at: new Date(now.getTime() - 60_000).toISOString(), expired_url: 'https://example.com/over' },
    );
    expect(await s.whereTo(code)).toBe('https://example.com/over');
  });
});
