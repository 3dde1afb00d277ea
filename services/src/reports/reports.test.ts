import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectorsCaughtUp } from '../testing/projectors.ts';
import { readPdf } from '../testing/pdf-text.ts';
import { givePlan } from '../testing/plans.ts';
import { seedClicks } from '../testing/seed-clicks.ts';
import { signIn, signUp, startTestApp, type TestApp } from '../testing/test-app.ts';
import { REPORTS_NOT_IN_PLAN } from './report-routes.ts';
import { EXPORT_CSV_COLUMNS } from './analytics-export.ts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const HOSTILE_REFERRER = '=HYPERLINK("http://evil.example")';
const HOSTILE_TITLE = '<script>alert(1)</script> Sale';

type Link = { id: number; short_code: string };

describe('analytics export and PDF reports', () => {
  let t: TestApp;
  let now = new Date('2026-10-01T10:00:00.000Z');
  let headers: Record<string, string>;
  let freeHeaders: Record<string, string>;
  let launch: Link;
  let sale: Link;
  let plain: Link;
  let tagId: number;
  let ownerId: number;

  const create = async (payload: object): Promise<Link> => {
    const response = await t.app.inject({ method: 'POST', url: '/api/urls', headers, payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Link>();
  };
  const get = (url: string, as = headers) => t.app.inject({ url, headers: as });

  beforeAll(async () => {
    t = await startTestApp({}, { clock: () => now });
    const owner = await signUp(t.app, 'reports@example.com');
    headers = owner.headers;
    ownerId = owner.user.id;
    freeHeaders = (await signUp(t.app, 'free@example.com')).headers;
    await givePlan(t.platform, owner.user.id, 'pro', { period_end: '2027-10-01T10:00:00.000Z' });
    launch = await create({ original_url: 'https://example.com/launch', title: 'Launch page', tags: ['launch'] });
    sale = await create({ original_url: 'https://example.com/sale', title: HOSTILE_TITLE, tags: ['launch'] });
    plain = await create({ original_url: 'https://example.com/plain', title: 'Plain link' });
    tagId = (await get('/api/tags')).json<{ id: number; name: string }[]>().find((tag) => tag.name === 'launch')!.id;
    // Before the reports' period: one click on the launch link.
    await seedClicks(t.platform, { id: launch.id, owner_id: ownerId }, 1, [IPHONE], { referrer: 't.co', visitor_hash: 'early' });
    now = new Date('2026-11-10T10:00:00.000Z');
    await seedClicks(t.platform, { id: launch.id, owner_id: ownerId }, 3, [IPHONE], { referrer: 't.co', visitor_hash: 'a' });
    now = new Date('2026-11-12T10:00:00.000Z');
    await seedClicks(t.platform, { id: sale.id, owner_id: ownerId }, 2, [WINDOWS], { referrer: HOSTILE_REFERRER, visitor_hash: 'b' });
    await seedClicks(t.platform, { id: plain.id, owner_id: ownerId }, 4, [WINDOWS], { visitor_hash: 'c' });
    await projectorsCaughtUp(t.platform);
    now = new Date('2026-11-20T10:00:00.000Z');
    // Sessions last a week: sign in again at the time the questions are asked.
    headers = (await signIn(t.app, 'reports@example.com')).headers;
    freeHeaders = (await signIn(t.app, 'free@example.com')).headers;
  });
  afterAll(async () => t.close());

  const pdfItems = async (query: string) => {
    const response = await get(`/api/reports/pdf?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    return (await readPdf(response.rawPayload)).allItems.filter((item) => item.trim() !== '');
  };

  it("exports a link's figures for a period as JSON: clicks per day and every breakdown", async () => {
    const response = await get(`/api/urls/${launch.id}/analytics/export?format=json&date_from=2026-11-01&date_to=2026-11-20`);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json();
    expect(data).toMatchObject({
      link_id: launch.id,
      title: 'Launch page',
      date_from: '2026-11-01',
      date_to: '2026-11-20',
      total_clicks: 3,
      unique_visitors: 3,
    });
    expect(data.clicks_by_date).toHaveLength(20);
    expect(data.clicks_by_date.find((row: { date: string }) => row.date === '2026-11-10')).toEqual({ date: '2026-11-10', clicks: 3 });
    expect(data.referrers).toEqual([{ referrer: 't.co', count: 3 }]);
    expect(data.devices).toEqual([{ name: 'Mobile', count: 3 }]);
    expect(data.operating_systems).toEqual([{ name: 'iOS', count: 3 }]);
  });

  it('exports a CSV a spreadsheet opens, with a hostile referrer made inert', async () => {
    const response = await get(`/api/urls/${sale.id}/analytics/export?date_from=2026-11-01&date_to=2026-11-20`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="link_${sale.id}_analytics_2026-11-01_2026-11-20.csv"`);
    const rows = parse(response.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual([...EXPORT_CSV_COLUMNS]);
    expect(rows[0]).toEqual({ Section: 'Total', Name: 'Clicks', Clicks: '2', 'Unique visitors': '' });
    expect(rows.filter((row) => row.Section === 'Clicks by day')).toHaveLength(20);
    expect(rows.find((row) => row.Section === 'Referrer')).toEqual({ Section: 'Referrer', Name: `'${HOSTILE_REFERRER}`, Clicks: '2', 'Unique visitors': '' });
    expect(rows.find((row) => row.Section === 'Device')).toMatchObject({ Name: 'Desktop', Clicks: '2' });
  });

  it("bounds the period by the plan's analytics retention (Pro: 90 days) and refuses one wholly before it", async () => {
    const early = await get(`/api/urls/${launch.id}/analytics/export?format=json&date_from=2026-01-01&date_to=2026-11-20`);
    expect(early.statusCode, early.body).toBe(200);
    // 90 days shown on 2026-11-20 are that day and the 89 before it (as the analytics screens show):
    // the click of 2026-10-01 is within, the period starts on 2026-08-23.
    expect(early.json()).toMatchObject({ date_from: '2026-08-23', total_clicks: 4 });
    const tooOld = await get(`/api/urls/${launch.id}/analytics/export?date_from=2026-01-01&date_to=2026-03-31`);
    expect(tooOld.statusCode).toBe(400);
    expect(tooOld.json().detail).toBe('Your plan shows analytics of the last 90 days: the period must end on or after 2026-08-23.');
  });

  it('answers a link of another workspace as not found, and a free plan may export but not get a PDF', async () => {
    expect((await get(`/api/urls/${launch.id}/analytics/export`, freeHeaders)).statusCode).toBe(404);
    expect((await get(`/api/reports/pdf?scope=link&id=${launch.id}`, freeHeaders)).statusCode).toBe(403);
    expect((await get('/api/reports/pdf?scope=workspace', freeHeaders)).json().detail).toBe(REPORTS_NOT_IN_PLAN);
    expect((await get('/api/reports/pdf?scope=workspace&id=3')).statusCode).toBe(400);
  });

  it("reports one link: its totals, referrers and devices in the PDF's text", async () => {
    const items = await pdfItems(`scope=link&id=${launch.id}&date_from=2026-11-01&date_to=2026-11-20`);
    for (const expected of [
      'Analytics report',
      'Link: Launch page',
      '01 Nov 2026 – 20 Nov 2026 (UTC days), human clicks only',
      'Clicks over time',
      'Referrers',
      't.co',
      'Mobile',
      'iOS',
    ]) {
      expect(items).toContain(expected);
    }
    expect(items[items.indexOf('Clicks') + 1]).toBe('3');
    expect(items[items.indexOf('Unique visitors') + 1]).toBe('3');
    expect(items).not.toContain('Top links');
  });

  it('reports a tag: the clicks of its links together, its top links, hostile names as text', async () => {
    const items = await pdfItems(`scope=tag&id=${tagId}&date_from=2026-11-01&date_to=2026-11-20`);
    expect(items).toContain('Tag: launch');
    expect(items[items.indexOf('Clicks') + 1]).toBe('5');
    expect(items[items.indexOf('Links') + 1]).toBe('2');
    // Cut to its column, drawn as text.
    expect(items.find((item) => item.startsWith('=HYPERLINK("http://'))).toBeDefined();
    const top = items.slice(items.indexOf('Top links'));
    expect(top.find((item) => item.startsWith('Launch page'))).toBeDefined();
    expect(top.find((item) => item.startsWith(HOSTILE_TITLE))).toBeDefined();
    expect(top).not.toContain('Plain link');
  });

  it('reports the whole workspace: every link, the busiest first among the top links', async () => {
    const items = await pdfItems('scope=workspace&date_from=2026-11-01&date_to=2026-11-20');
    expect(items).toContain('Workspace: reports’s workspace');
    expect(items[items.indexOf('Clicks') + 1]).toBe('9');
    expect(items[items.indexOf('Links') + 1]).toBe('3');
    const top = items.slice(items.indexOf('Top links'));
    expect(top.findIndex((item) => item.startsWith('Plain link'))).toBeLessThan(top.findIndex((item) => item.startsWith('Launch page')));
  });

  it('answers a tag or a link of another workspace as not found', async () => {
    const other = await signUp(t.app, 'other@example.com');
    await givePlan(t.platform, other.user.id, 'pro');
    expect((await get(`/api/reports/pdf?scope=tag&id=${tagId}`, other.headers)).statusCode).toBe(404);
    expect((await get(`/api/reports/pdf?scope=link&id=${launch.id}`, other.headers)).statusCode).toBe(404);
  });

  it('refuses a period longer than 366 days with the analytics screens’ words, however far ahead it ends', async () => {
    const response = await get(`/api/urls/${launch.id}/analytics/export?format=json&date_from=2026-11-01&date_to=2299-12-31`);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('From date and To date may be at most 366 days apart (without To date, the range ends today)');
    expect((await get(`/api/reports/pdf?scope=workspace&date_from=2026-11-01&date_to=2299-12-31`)).statusCode).toBe(400);
  });

  // Last: it edits the Pro plan the owner is on (the first account is the super admin).
  it('leaves out the advanced figures on a plan without advanced_analytics, and refuses the export without basic_analytics', async () => {
    const editPro = async (features: string[]) => {
      const edited = await t.app.inject({ method: 'PUT', url: '/api/subscription/plans/2', headers, payload: { features } });
      expect(edited.statusCode, edited.body).toBe(200);
    };
    const pro = (await get('/api/subscription/plans')).json<{ plans: { name: string; features: string[] }[] }>().plans.find((plan) => plan.name === 'pro')!;
    await editPro(pro.features.filter((feature) => feature !== 'advanced_analytics'));
    const exported = (await get(`/api/urls/${launch.id}/analytics/export?format=json&date_from=2026-11-01&date_to=2026-11-20`)).json();
    expect(exported).toMatchObject({ total_clicks: 3, unique_visitors: 0, devices: [], browsers: [], operating_systems: [] });
    expect(exported.referrers).toEqual([{ referrer: 't.co', count: 3 }]);
    const items = await pdfItems(`scope=link&id=${launch.id}&date_from=2026-11-01&date_to=2026-11-20`);
    expect(items).toContain('t.co');
    expect(items).not.toContain('Mobile');
    expect(items).not.toContain('iOS');
    await editPro(pro.features.filter((feature) => feature !== 'basic_analytics'));
    const refused = await get(`/api/urls/${launch.id}/analytics/export`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('Click analytics are not part of this workspace’s plan (basic_analytics).');
  });
});
