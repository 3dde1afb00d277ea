import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AnalyticsStore, ClickRow } from '@linkledger/contracts';
import { linkAnalytics } from '../../links/analytics-queries.ts';

let position = 0;
const click = (overrides: Partial<ClickRow>): ClickRow => ({
  position: ++position,
  link_id: 1,
  owner_id: 1,
  at: '2026-11-20 12:00:00.000',
  country: 'IN',
  referrer: '',
  source: 'link',
  browser: 'Chrome',
  os: 'Windows',
  device: 'desktop',
  is_bot: 0,
  visitor_hash: 'v1',
  destination: 'https://example.com/',
  rule: 0,
  variant: 0,
  ...overrides,
});

/** The behaviour every analytics adapter must have, through the real analytics queries. */
export function analyticsStoreContract(open: () => Promise<AnalyticsStore>) {
  let store: AnalyticsStore;
  beforeAll(async () => {
    store = await open();
    await store.truncate();
  });
  afterAll(async () => {
    await store.close();
  });

  it('starts empty and reports the last stored position as its checkpoint', async () => {
    expect(await store.lastPosition()).toBe(0);
    await store.insertClicks([click({ link_id: 99 }), click({ link_id: 99 })]);
    expect(await store.lastPosition()).toBe(position);
    await store.insertClicks([]);
    expect(await store.lastPosition()).toBe(position);
  });

  it('computes a link’s analytics with only human clicks, by period, date, referrer and country', async () => {
    const now = new Date('2026-11-22T15:00:00Z'); // a Sunday: the week began Monday the 16th
    await store.insertClicks([
      click({ link_id: 7, at: '2026-11-22 09:00:00.000', country: 'US', referrer: 'news.ycombinator.com' }),
      click({ link_id: 7, at: '2026-11-22 00:00:00.000', country: 'US', referrer: 'news.ycombinator.com' }),
      click({ link_id: 7, at: '2026-11-21 23:59:59.999', country: 'DE', referrer: '' }),
      click({ link_id: 7, at: '2026-11-16 00:00:00.000', country: 'DE', referrer: 't.co' }),
      click({ link_id: 7, at: '2026-11-15 23:00:00.000', country: '', referrer: 't.co' }),
      click({ link_id: 7, at: '2026-10-31 23:00:00.000', country: 'US', referrer: '' }),
      click({ link_id: 7, at: '2026-11-22 10:00:00.000', country: 'US', referrer: 'google.com', is_bot: 1 }),
      click({ link_id: 8, at: '2026-11-22 10:00:00.000', country: 'FR', referrer: 'google.com' }),
    ]);
    const analytics = await linkAnalytics(store, 7, now);
    expect(analytics.total_clicks).toBe(6);
    expect(analytics.clicks_today).toBe(2);
    expect(analytics.clicks_this_week).toBe(4);
    expect(analytics.clicks_this_month).toBe(5);
    expect(analytics.top_countries).toEqual([
      { country: 'US', count: 3 },
      { country: 'DE', count: 2 },
      { country: 'Unknown', count: 1 },
    ]);
    expect(analytics.top_referrers).toEqual([
      { referrer: 'Direct', count: 2 },
      { referrer: 'news.ycombinator.com', count: 2 },
      { referrer: 't.co', count: 2 },
    ]);
    expect(analytics.clicks_by_date).toHaveLength(30);
    expect(analytics.clicks_by_date[0]).toEqual({ date: '2026-10-24', clicks: 0 });
    expect(analytics.clicks_by_date.at(-1)).toEqual({ date: '2026-11-22', clicks: 2 });
    expect(analytics.clicks_by_date.find((d) => d.date === '2026-11-21')).toEqual({ date: '2026-11-21', clicks: 1 });
    expect(analytics.clicks_by_date.find((d) => d.date === '2026-10-31')).toEqual({ date: '2026-10-31', clicks: 1 });
    expect(analytics.clicks_by_date.reduce((sum, d) => sum + d.clicks, 0)).toBe(6);
  });

  it('breaks a link’s human clicks down by device, browser and OS, and counts distinct visitors', async () => {
    const now = new Date('2026-11-22T15:00:00Z');
    await store.insertClicks([
      click({ link_id: 20, at: '2026-11-20 10:00:00.000', device: 'mobile', browser: 'Mobile Safari', os: 'iOS', visitor_hash: 'a' }),
      click({ link_id: 20, at: '2026-11-20 11:00:00.000', device: 'mobile', browser: 'Mobile Safari', os: 'iOS', visitor_hash: 'a' }),
      click({ link_id: 20, at: '2026-11-21 10:00:00.000', device: 'mobile', browser: 'Chrome', os: 'Android', visitor_hash: 'b' }),
      click({ link_id: 20, at: '2026-11-22 10:00:00.000', device: 'desktop', browser: 'Firefox', os: 'Linux', visitor_hash: 'c' }),
      click({ link_id: 20, at: '2026-11-22 11:00:00.000', device: 'tablet', browser: '', os: '', visitor_hash: 'd' }),
      click({ link_id: 20, at: '2026-11-22 12:00:00.000', device: 'desktop', browser: 'Googlebot', os: 'Other', visitor_hash: 'bot', is_bot: 1 }),
      click({ link_id: 21, at: '2026-11-22 12:00:00.000', device: 'desktop', browser: 'Edge', os: 'Windows', visitor_hash: 'e' }),
    ]);
    const analytics = await linkAnalytics(store, 20, now);
    expect(analytics.devices).toEqual([
      { name: 'Mobile', count: 3 },
      { name: 'Desktop', count: 1 },
      { name: 'Tablet', count: 1 },
    ]);
    expect(analytics.browsers).toEqual([
      { name: 'Mobile Safari', count: 2 },
      { name: 'Chrome', count: 1 },
      { name: 'Firefox', count: 1 },
      { name: 'Other', count: 1 },
    ]);
    expect(analytics.operating_systems).toEqual([
      { name: 'iOS', count: 2 },
      { name: 'Android', count: 1 },
      { name: 'Linux', count: 1 },
      { name: 'Other', count: 1 },
    ]);
    expect(analytics.unique_visitors).toBe(4);
    expect(analytics.total_clicks).toBe(5);
  });

  it('bounds clicks_by_date, every breakdown and unique visitors by an inclusive day range, and keeps the period totals', async () => {
    const now = new Date('2026-11-22T15:00:00Z');
    await store.insertClicks([
      click({ link_id: 30, at: '2026-09-30 23:59:59.999', country: 'FR', referrer: 'old.example', browser: 'Opera', visitor_hash: 'x' }),
      click({ link_id: 30, at: '2026-10-01 00:00:00.000', country: 'US', referrer: 't.co', browser: 'Chrome', visitor_hash: 'y' }),
      click({ link_id: 30, at: '2026-10-15 08:00:00.000', country: 'US', referrer: 't.co', browser: 'Chrome', visitor_hash: 'y' }),
      click({ link_id: 30, at: '2026-10-31 23:59:59.999', country: 'DE', referrer: '', browser: 'Safari', visitor_hash: 'z' }),
      click({ link_id: 30, at: '2026-11-01 00:00:00.000', country: 'JP', referrer: 'news.example', browser: 'Edge', visitor_hash: 'w' }),
      click({ link_id: 30, at: '2026-11-22 09:00:00.000', country: 'JP', referrer: 'news.example', browser: 'Edge', visitor_hash: 'w' }),
    ]);
    const october = await linkAnalytics(store, 30, now, { from: '2026-10-01', to: '2026-10-31' });
    expect(october.clicks_by_date).toHaveLength(31);
    expect(october.clicks_by_date[0]).toEqual({ date: '2026-10-01', clicks: 1 });
    expect(october.clicks_by_date.at(-1)).toEqual({ date: '2026-10-31', clicks: 1 });
    expect(october.clicks_by_date.reduce((sum, d) => sum + d.clicks, 0)).toBe(3);
    expect(october.top_countries).toEqual([
      { country: 'US', count: 2 },
      { country: 'DE', count: 1 },
    ]);
    expect(october.top_referrers).toEqual([
      { referrer: 't.co', count: 2 },
      { referrer: 'Direct', count: 1 },
    ]);
    expect(october.browsers).toEqual([
      { name: 'Chrome', count: 2 },
      { name: 'Safari', count: 1 },
    ]);
    expect(october.devices).toEqual([{ name: 'Desktop', count: 3 }]);
    expect(october.unique_visitors).toBe(2);
    // The period figures keep their meaning whatever the range.
    expect(october).toMatchObject({ total_clicks: 6, clicks_today: 1, clicks_this_week: 1, clicks_this_month: 2 });

    // One open end: from a day to today; the breakdowns from that day on.
    const sinceNovember = await linkAnalytics(store, 30, now, { from: '2026-11-01' });
    expect(sinceNovember.clicks_by_date).toHaveLength(22);
    expect(sinceNovember.clicks_by_date.at(-1)).toEqual({ date: '2026-11-22', clicks: 1 });
    expect(sinceNovember.top_countries).toEqual([{ country: 'JP', count: 2 }]);
    expect(sinceNovember.unique_visitors).toBe(1);
    const untilSeptember = await linkAnalytics(store, 30, now, { to: '2026-09-30' });
    expect(untilSeptember.clicks_by_date).toHaveLength(30);
    expect(untilSeptember.clicks_by_date[0]).toEqual({ date: '2026-09-01', clicks: 0 });
    expect(untilSeptember.clicks_by_date.at(-1)).toEqual({ date: '2026-09-30', clicks: 1 });
    expect(untilSeptember.top_referrers).toEqual([{ referrer: 'old.example', count: 1 }]);

    // Without a range: the last 30 days by date, all time for the rest.
    const everything = await linkAnalytics(store, 30, now);
    expect(everything.clicks_by_date[0]?.date).toBe('2026-10-24');
    expect(everything.clicks_by_date.reduce((sum, d) => sum + d.clicks, 0)).toBe(3);
    expect(everything.top_countries.reduce((sum, c) => sum + c.count, 0)).toBe(6);
    expect(everything.unique_visitors).toBe(4);
  });

  it('splits a link’s human clicks by the rule and the variant that sent them, each with the destination it recorded', async () => {
    const now = new Date('2026-11-22T15:00:00Z');
    const ios = 'https://apps.apple.com/app';
    const [a, b] = ['https://example.com/a', 'https://example.com/b'];
    await store.insertClicks([
      // Rule 1 sent iOS visitors to the App Store, then (after an edit) to a new address.
      click({ link_id: 60, rule: 1, destination: ios, visitor_hash: 'p' }),
      click({ link_id: 60, rule: 1, destination: ios, visitor_hash: 'p' }),
      click({ link_id: 60, rule: 1, destination: `${ios}/v2`, visitor_hash: 'q' }),
      // No rule took these: the A/B split did.
      click({ link_id: 60, variant: 1, destination: a, visitor_hash: 'r' }),
      click({ link_id: 60, variant: 1, destination: a, visitor_hash: 's' }),
      click({ link_id: 60, variant: 2, destination: b, visitor_hash: 't' }),
      // Bots never count, outside the range neither.
      click({ link_id: 60, rule: 2, destination: 'https://bot.example/', is_bot: 1 }),
      click({ link_id: 60, variant: 2, destination: b, is_bot: 1 }),
      click({ link_id: 60, rule: 1, destination: ios, at: '2026-10-01 12:00:00.000', visitor_hash: 'old' }),
      click({ link_id: 61, rule: 1, destination: ios }),
    ]);
    const analytics = await linkAnalytics(store, 60, now, { from: '2026-11-01' });
    expect(analytics.by_rule).toEqual([
      { rule: 1, url: ios, clicks: 2, unique_visitors: 1 },
      { rule: 1, url: `${ios}/v2`, clicks: 1, unique_visitors: 1 },
      { rule: 0, url: a, clicks: 2, unique_visitors: 2 },
      { rule: 0, url: b, clicks: 1, unique_visitors: 1 },
    ]);
    expect(analytics.by_variant).toEqual([
      { variant: 1, url: a, clicks: 2, unique_visitors: 2 },
      { variant: 2, url: b, clicks: 1, unique_visitors: 1 },
      { variant: 0, url: ios, clicks: 2, unique_visitors: 1 },
      { variant: 0, url: `${ios}/v2`, clicks: 1, unique_visitors: 1 },
    ]);
    // All time, the older click of rule 1 counts too.
    expect((await linkAnalytics(store, 60, now)).by_rule[0]).toEqual({ rule: 1, url: ios, clicks: 3, unique_visitors: 2 });
    // Clicks no rule and no variant sent: no split to show.
    expect(await linkAnalytics(store, 7, now)).toMatchObject({ by_rule: [], by_variant: [] });
  });

  it('answers an empty analytics for a link without clicks', async () => {
    const analytics = await linkAnalytics(store, 12345, new Date('2026-11-22T15:00:00Z'));
    expect(analytics).toMatchObject({
      total_clicks: 0,
      clicks_today: 0,
      top_referrers: [],
      top_countries: [],
      devices: [],
      browsers: [],
      operating_systems: [],
      unique_visitors: 0,
      by_rule: [],
      by_variant: [],
    });
    expect(analytics.clicks_by_date.every((d) => d.clicks === 0)).toBe(true);
  });

  it('rebuilds into copies of its tables beside the live ones, then swaps them in', async () => {
    const now = new Date('2026-11-22T15:00:00Z');
    await store.truncate();
    await store.insertClicks([click({ link_id: 50 }), click({ link_id: 50, is_bot: 1 })]);
    const shadow = await store.shadow();
    expect(await shadow.lastPosition()).toBe(0);
    await shadow.insertFacts({ links: [], owners: [] });
    // The same clicks classified again: the bot is a human now, and more came meanwhile.
    await shadow.insertClicks([click({ link_id: 50 }), click({ link_id: 50 }), click({ link_id: 50 })]);
    expect(await shadow.lastPosition()).toBe(position);
    expect((await linkAnalytics(store, 50, now)).total_clicks).toBe(1);
    expect(await shadow.counts()).toEqual({ live: { human: 1, bot: 1 }, copy: { human: 3, bot: 0 } });
    const dropOld = await shadow.promote();
    // The per-day table moved with the clicks, and the live view now feeds the new one.
    expect((await linkAnalytics(store, 50, now)).total_clicks).toBe(3);
    await store.insertClicks([click({ link_id: 50 })]);
    expect((await linkAnalytics(store, 50, now)).total_clicks).toBe(4);
    // Dropping the old tables and their view leaves the live view feeding the live tables.
    await dropOld();
    await store.insertClicks([click({ link_id: 50 })]);
    expect((await linkAnalytics(store, 50, now)).total_clicks).toBe(5);
    expect(await store.recover()).toBe(false);
    // A copy dropped leaves the live tables alone.
    const dropped = await store.shadow();
    await dropped.insertClicks([click({ link_id: 50 })]);
    await dropped.discard();
    expect((await linkAnalytics(store, 50, now)).total_clicks).toBe(5);
    expect(await store.lastPosition()).toBe(position - 1);
  });

  it('stores every user-given string byte for byte, whatever it holds, and nulls as nulls', async () => {
    const controls = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)).join('') + '\x7f';
    const hostile = [
      `"quoted" 'single' \`back\``,
      'tab\there\nnew line\r\nCRLF\\backslash\\N \\t \\0',
      '\\N',
      '\0NUL\0',
      controls,
      ',;|{"json": [1]}\u00e9\u4e2d\u{1f600}',
      '',
    ];
    const start = position;
    const rows = hostile.map((text) => click({ link_id: 70, referrer: text, destination: `https://x.example/${text}`, visitor_hash: text, browser: text }));
    // A lone UTF-16 surrogate has no UTF-8 form: it is stored as U+FFFD, as by any UTF-8 store.
    rows.push(click({ link_id: 70, referrer: 'lone \ud800 high, lone \udc00 low, pair \ud83d\ude00' }));
    await store.insertClicks(rows);
    const stored = await store.query<{ position: number; referrer: string; destination: string; visitor_hash: string; browser: string; bytes: string }>(
      'SELECT position, referrer, destination, visitor_hash, browser, hex(referrer) AS bytes FROM clicks WHERE link_id = 70 ORDER BY position',
    );
    expect(stored.map((row) => row.position)).toEqual(rows.map((_, i) => start + i + 1));
    hostile.forEach((text, i) => {
      expect(stored[i]).toMatchObject({ referrer: text, destination: `https://x.example/${text}`, visitor_hash: text, browser: text });
      expect(stored[i]!.bytes).toBe(Buffer.from(text, 'utf8').toString('hex').toUpperCase());
    });
    expect(stored.at(-1)!.referrer).toBe('lone \ufffd high, lone \ufffd low, pair \ud83d\ude00');

    const fact = {
      position: ++position,
      link_id: 70,
      at: '2026-11-20 12:00:00.000',
      owner_id: null,
      short_code: 'ab\tc',
      destination: null,
      created_via: null,
      custom_domain: null,
      is_active: 1,
      disabled: null,
    };
    await store.insertFacts({
      links: hostile.map((title) => ({ ...fact, position: ++position, fact: 'updated' as const, title })),
      owners: [
        { position: ++position, owner_id: 70, at: '2026-11-20 12:00:00.000', fact: 'plan', role: null, status: '\\N', plan: controls, plan_status: null },
      ],
    });
    const links = await store.query<{ title: string; short_code: string; owner_id: number | null; is_active: number | null; disabled: number | null }>(
      'SELECT title, short_code, owner_id, is_active, disabled FROM link_facts WHERE link_id = 70 ORDER BY position',
    );
    expect(links).toEqual(hostile.map((title) => ({ title, short_code: 'ab\tc', owner_id: null, is_active: 1, disabled: null })));
    const owners = await store.query('SELECT role, status, plan, plan_status FROM owner_facts WHERE owner_id = 70');
    expect(owners).toEqual([{ role: null, status: '\\N', plan: controls, plan_status: null }]);
  });

  it('truncates for a rebuild', async () => {
    await store.truncate();
    expect(await store.lastPosition()).toBe(0);
    await expect(store.ping()).resolves.toBeUndefined();
  });
}
