import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWN, UA, startSmartLinks, type SmartLinks } from '../testing/smart-links.ts';

const INDIA = '117.192.0.1';
const USA = '8.8.8.8';

let now = new Date('2026-11-28T10:00:00.000Z');
let s: SmartLinks;
beforeAll(async () => {
  s = await startSmartLinks(() => now);
});
afterAll(async () => s.t.close());

describe('targeting rules (docs/links.md#targeting-rules)', () => {
  it.each([
    ['ios', [UA.iphone, UA.ipad], [UA.android, UA.mac]],
    ['android', [UA.android], [UA.iphone, UA.linux]],
    ['mobile', [UA.iphone, UA.ipad, UA.android], [UA.windows, UA.mac]],
    ['desktop', [UA.windows, UA.mac, UA.linux], [UA.iphone, UA.android]],
    ['windows', [UA.windows], [UA.mac, UA.android]],
    ['macos', [UA.mac], [UA.iphone, UA.windows]],
    ['linux', [UA.linux], [UA.android, UA.windows]],
  ] as const)('device %s: the rule takes the devices of its class, the others go to the link', async (device, matching, other) => {
    const { code } = await s.smartLink({ rules: [{ url: `https://example.com/${device}`, conditions: { device } }] });
    for (const ua of matching) expect(await s.whereTo(code, { ua }), ua).toBe(`https://example.com/${device}`);
    for (const ua of other) expect(await s.whereTo(code, { ua }), ua).toBe(OWN);
  });

  it('browser: a family without regard to case, its mobile build included', async () => {
    const { code } = await s.smartLink({
      rules: [
        { url: 'https://example.com/firefox', conditions: { browser: 'FIREFOX' } },
        { url: 'https://example.com/safari', conditions: { browser: 'safari' } },
      ],
    });
    expect(await s.whereTo(code, { ua: UA.linux })).toBe('https://example.com/firefox');
    expect(await s.whereTo(code, { ua: UA.iphone })).toBe('https://example.com/safari');
    expect(await s.whereTo(code, { ua: UA.mac })).toBe('https://example.com/safari');
    expect(await s.whereTo(code, { ua: UA.windows })).toBe(OWN);
  });

  it('language: any language the visitor accepts, by its primary tag; a refused one (q=0) does not count', async () => {
    const { code } = await s.smartLink({ rules: [{ url: 'https://example.com/hindi', conditions: { language: 'hi' } }] });
    const speaking = (language: string) => s.whereTo(code, { headers: { 'accept-language': language } });
    expect(await speaking('en-IN, hi;q=0.8')).toBe('https://example.com/hindi');
    expect(await speaking('HI-in')).toBe('https://example.com/hindi');
    expect(await speaking('en-US,en;q=0.9')).toBe(OWN);
    expect(await speaking('en, hi;q=0')).toBe(OWN);
    expect(await s.whereTo(code)).toBe(OWN);
  });

  it('country: the country of the visitor’s address, the one the click records', async () => {
    const { id, code } = await s.smartLink({ rules: [{ url: 'https://example.com/india', conditions: { country: 'IN' } }] });
    expect(await s.whereTo(code, { ip: INDIA })).toBe('https://example.com/india');
    expect(await s.whereTo(code, { ip: USA })).toBe(OWN);
    expect((await s.clicksOf(id)).map((click) => [click.country, click.rule ?? 0])).toEqual([
      ['IN', 1],
      ['US', 0],
    ]);
  });

  it('query: the parameter present, and equal to the value when the rule gives one', async () => {
    const { code } = await s.smartLink({
      rules: [
        { url: 'https://example.com/mail', conditions: { query: { param: 'ref', value: 'mail' } } },
        { url: 'https://example.com/any-ref', conditions: { query: { param: 'ref' } } },
      ],
    });
    expect(await s.whereTo(code, { query: '?ref=mail' })).toBe('https://example.com/mail');
    expect(await s.whereTo(code, { query: '?ref=web' })).toBe('https://example.com/any-ref');
    expect(await s.whereTo(code, { query: '?ref=' })).toBe('https://example.com/any-ref');
    expect(await s.whereTo(code, { query: '?other=mail' })).toBe(OWN);
    expect(await s.whereTo(code)).toBe(OWN);
  });

  it('before and after: by the clock, the instant itself already "after"', async () => {
    const { code } = await s.smartLink({
      rules: [
        { url: 'https://example.com/early', conditions: { before: '2026-11-28T12:00:00.000Z' } },
        { url: 'https://example.com/late', conditions: { after: '2026-11-29T00:00:00.000Z' } },
      ],
    });
    now = new Date('2026-11-28T11:59:59.999Z');
    expect(await s.whereTo(code)).toBe('https://example.com/early');
    now = new Date('2026-11-28T12:00:00.000Z');
    expect(await s.whereTo(code)).toBe(OWN);
    now = new Date('2026-11-29T00:00:00.000Z');
    expect(await s.whereTo(code)).toBe('https://example.com/late');
    now = new Date('2026-11-28T10:00:00.000Z');
  });

  it('the first rule whose conditions all hold wins, and the click records which one (1-based)', async () => {
    const { id, code } = await s.smartLink({
      rules: [
        { url: 'https://example.com/ios-india', conditions: { device: 'ios', country: 'IN' } },
        { url: 'https://example.com/ios', conditions: { device: 'ios' } },
        { url: 'https://example.com/india', conditions: { country: 'IN' } },
      ],
    });
    expect(await s.whereTo(code, { ua: UA.iphone, ip: INDIA })).toBe('https://example.com/ios-india');
    expect(await s.whereTo(code, { ua: UA.iphone, ip: USA })).toBe('https://example.com/ios');
    expect(await s.whereTo(code, { ua: UA.windows, ip: INDIA })).toBe('https://example.com/india');
    expect(await s.whereTo(code, { ua: UA.windows, ip: USA })).toBe(OWN);
    const clicks = await s.clicksOf(id);
    expect(clicks.map((click) => [click.rule, click.destination])).toEqual([
      [1, 'https://example.com/ios-india'],
      [2, 'https://example.com/ios'],
      [3, 'https://example.com/india'],
      [undefined, OWN],
    ]);
    expect(clicks.every((click) => click.variant === undefined)).toBe(true);
  });
});

describe('A/B split (docs/links.md#a-b-split)', () => {
  const SPLIT = [
    { url: 'https://example.com/a', weight: 70 },
    { url: 'https://example.com/b', weight: 30 },
  ];
  const cookieOf = (answer: Awaited<ReturnType<typeof s.visit>>) => {
    const set = answer.headers['set-cookie'];
    return Array.isArray(set) ? set : set === undefined ? [] : [set];
  };

  it('a returning visitor without a cookie gets the same variant all day, and a cookie that keeps it on the link’s path', async () => {
    const { id, code } = await s.smartLink({ variants: SPLIT });
    const visitor = { ip: '198.51.100.20', ua: UA.mac };
    const first = await s.visit(code, visitor);
    const [cookie] = cookieOf(first);
    expect(cookie).toMatch(new RegExp(`^ll_variant_${id}=[12]\\.\\w+; Path=/${code}; Max-Age=\\d+; HttpOnly; SameSite=Lax$`));
    for (let i = 0; i < 5; i++) expect(await s.whereTo(code, visitor)).toBe(first.headers['location']);
    now = new Date('2026-11-28T23:59:00.000Z');
    expect(await s.whereTo(code, visitor)).toBe(first.headers['location']);
    now = new Date('2026-11-28T10:00:00.000Z');
    const clicks = await s.clicksOf(id);
    expect(new Set(clicks.map((click) => click.variant)).size).toBe(1);
    expect(new Set(clicks.map((click) => click.visitor_hash)).size).toBe(1);
  });

  it('a cookie keeps its variant whatever the visitor hash says; one naming a variant that is gone is ignored', async () => {
    const { id, code } = await s.smartLink({ variants: SPLIT });
    // Two visitors on different variants.
    const seen: { ip: string; answer: Awaited<ReturnType<typeof s.visit>> }[] = [];
    for (let i = 1; seen.length < 2; i++) {
      const ip = `198.51.100.${i}`;
      const answer = await s.visit(code, { ip });
      if (!seen.some((one) => one.answer.headers['location'] === answer.headers['location'])) seen.push({ ip, answer });
    }
    const a = seen.find((one) => one.answer.headers['location'] === 'https://example.com/a')!;
    const b = seen.find((one) => one.answer.headers['location'] === 'https://example.com/b')!;
    const cookieB = cookieOf(b.answer)[0]!.split(';')[0]!;
    const withCookie = await s.visit(code, { ip: a.ip, headers: { cookie: `theme=dark; ${cookieB}` } });
    expect(withCookie.headers['location']).toBe(b.answer.headers['location']);
    expect(cookieOf(withCookie)).toEqual([]);
    expect((await s.clicksOf(id)).at(-1)!.variant).toBe(Number(cookieB.split('=')[1]!.split('.')[0]));

    // The split is edited: variant 2 now leads elsewhere, so the old cookie names nothing.
    await s.setControls(id, { variants: [SPLIT[0]!, { url: 'https://example.com/c', weight: 30 }] });
    const stale = await s.visit(code, { ip: a.ip, headers: { cookie: cookieB } });
    expect(stale.headers['location']).toBe(a.answer.headers['location']);
    expect(cookieOf(stale)).toHaveLength(1);
    const nonsense = await s.visit(code, { ip: a.ip, headers: { cookie: `ll_variant_${id}=7.zz` } });
    expect(nonsense.headers['location']).toBe(a.answer.headers['location']);
  });

  it('marks the cookie Secure when the visit came over https through the trusted proxy', async () => {
    const { code } = await s.smartLink({ variants: SPLIT });
    const answer = await s.visit(code, { headers: { 'x-forwarded-proto': 'https' } });
    expect(cookieOf(answer)[0]).toMatch(/; Secure$/);
  });

  it('a rule that holds takes the visit before the split', async () => {
    const { id, code } = await s.smartLink({ rules: [{ url: 'https://example.com/ios', conditions: { device: 'ios' } }], variants: SPLIT });
    const answer = await s.visit(code, { ua: UA.iphone });
    expect([answer.headers['location'], cookieOf(answer)]).toEqual(['https://example.com/ios', []]);
    expect(await s.clicksOf(id)).toMatchObject([{ rule: 1 }]);
    expect((await s.clicksOf(id))[0]!.variant).toBeUndefined();
  });
});

describe('on a real server, through the redirect front', () => {
  let baseUrl: string;
  beforeAll(async () => {
    baseUrl = await s.t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('sends 2,000 distinct concurrent visitors within 5 points of the weights, each kept on their variant', async () => {
    const { id, code } = await s.smartLink({
      variants: [
        { url: 'https://example.com/a', weight: 70 },
        { url: 'https://example.com/b', weight: 30 },
      ],
    });
    const visitorIp = (i: number) => `100.${64 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`;
    const go = (i: number, cookie?: string) =>
      fetch(`${baseUrl}/${code}`, {
        redirect: 'manual',
        headers: { 'user-agent': UA.windows, 'x-forwarded-for': visitorIp(i), ...(cookie ? { cookie } : {}) },
      });
    const first: { location: string; cookie: string }[] = [];
    for (let start = 0; start < 2000; start += 50) {
      const batch = await Promise.all(Array.from({ length: 50 }, (_, k) => go(start + k)));
      for (const answer of batch) {
        expect(answer.status).toBe(302);
        first.push({ location: answer.headers.get('location')!, cookie: answer.headers.get('set-cookie')!.split(';')[0]! });
      }
    }
    const share = first.filter((answer) => answer.location === 'https://example.com/a').length / first.length;
    expect(share).toBeGreaterThanOrEqual(0.65);
    expect(share).toBeLessThanOrEqual(0.75);
    // Every 20th visitor comes back, half of them with their cookie, half without.
    for (let i = 0; i < 2000; i += 20) {
      const again = await go(i, i % 40 === 0 ? first[i]!.cookie : undefined);
      expect(again.headers.get('location')).toBe(first[i]!.location);
    }
    const clicks = await s.clicksOf(id);
    expect(clicks).toHaveLength(2100);
    const onA = clicks.filter((click) => click.variant === 1 && click.destination === 'https://example.com/a').length;
    const onB = clicks.filter((click) => click.variant === 2 && click.destination === 'https://example.com/b').length;
    expect(onA + onB).toBe(2100);
  });
});
