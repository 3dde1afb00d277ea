import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinkCreated } from '@linkledger/contracts';
import { signUp, startTestApp, type TestApp, post } from '../testing/test-app.ts';
import { createLink } from './create-link.ts';

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

describe('GET /api/urls: search, tabs, sort, dates, domains, counts', () => {
  let t: TestApp;
  let now = new Date('2026-11-22T12:00:00.000Z');
  let headers: Record<string, string>;
  let owner: number;
  const ids: Record<string, number> = {};

  /** Creates a link as the owner at a given moment, through the real command. */
  const linkAt = async (at: string, key: string, input: { title: string; url: string; via: 'manual' | 'api'; code?: string }) => {
    now = new Date(at);
    const link = await createLink(
      t.platform,
      { actor: { kind: 'user', id: String(owner) }, correlationId: randomUUID(), now },
      { ownerId: owner, createdVia: input.via, original_url: input.url, title: input.title, description: '', shortCode: input.code },
    );
    ids[key] = link.id;
  };

  /** A link on a custom domain or behind a TRAI header, written to the log as that feature will. */
  const domainLinkAt = async (at: string, key: string, data: Omit<LinkCreated, 'link_id' | 'owner_id' | 'description'>) => {
    const linkId = 900 + Object.keys(ids).length;
    const metadata = { actor: { kind: 'user' as const, id: String(owner) }, correlation_id: 'c', causation_id: 'c', at };
    const { position } = await t.platform.events.append([
      {
        stream: `link-${linkId}`,
        expected: 'no_stream',
        events: [{ id: randomUUID(), type: 'LinkCreated', version: 1, data: { ...data, link_id: linkId, owner_id: owner, description: '' }, metadata }],
      },
    ]);
    await t.platform.readModel.waitFor(position, 5000);
    ids[key] = linkId;
  };

  beforeAll(async () => {
    t = await startTestApp({}, { clock: () => now });
    const account = await signUp(t.app, 'lister@example.com');
    headers = account.headers;
    owner = account.user.id;
    await linkAt('2026-10-15T10:00:00.000Z', 'L1', { title: 'Alpha launch', url: 'https://alpha.example/spring', via: 'manual', code: 'spring-1' });
    await linkAt('2026-10-31T23:59:59.999Z', 'L2', { title: 'beta Notes', url: 'https://notes.example/ALPHA', via: 'manual', code: 'notes-2' });
    await linkAt('2026-11-01T00:00:00.000Z', 'L3', { title: 'Gamma', url: 'https://gamma.example/', via: 'api', code: 'gamma-3' });
    await linkAt('2026-11-20T12:00:00.000Z', 'L4', { title: '', url: 'https://delta.example/', via: 'api', code: 'delta-x9' });
    await domainLinkAt('2026-11-21T08:00:00.000Z', 'L5', {
      short_code: 'zeta-5',
      original_url: 'https://sms.example/',
      title: 'Zeta on TRAI',
      created_via: 'manual',
      custom_domain: null,
      trai_header: 'ABCDEF',
    });
    await domainLinkAt('2026-11-22T08:00:00.000Z', 'L6', {
      short_code: 'eta-6',
      original_url: 'https://shop.example/sale',
      title: 'Eta custom',
      created_via: 'api',
      custom_domain: 'go.brand.example',
      trai_header: null,
    });
    now = new Date('2026-11-22T12:00:00.000Z');
    const stranger = await signUp(t.app, 'stranger@example.com');
    await post(t.app, '/api/urls', stranger.headers, { original_url: 'https://alpha.example/other', title: 'Alpha other' });
    for (const code of ['gamma-3', 'gamma-3', 'gamma-3', 'spring-1']) {
      expect((await t.app.inject({ url: `/${code}`, headers: { 'user-agent': BROWSER } })).statusCode).toBe(302);
    }
    await t.platform.readModel.waitFor(await t.platform.events.headPosition(), 5000);
  });
  afterAll(async () => t.close());

  const list = async (query: string) => {
    const response = await t.app.inject({ url: `/api/urls${query}`, headers });
    expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
    return response.json();
  };
  const keys = (links: { id: number }[]) => links.map((link) => Object.keys(ids).find((key) => ids[key] === link.id));

  it('lists the caller’s links only, newest first, as a plain array by default', async () => {
    expect(keys(await list(''))).toEqual(['L6', 'L5', 'L4', 'L3', 'L2', 'L1']);
    expect(keys(await list('?include_counts=false'))).toEqual(['L6', 'L5', 'L4', 'L3', 'L2', 'L1']);
  });

  it('sorts by newest, oldest, clicks (ties newest first) and title (ignoring case)', async () => {
    expect(keys(await list('?sort_by=newest'))).toEqual(['L6', 'L5', 'L4', 'L3', 'L2', 'L1']);
    expect(keys(await list('?sort_by=oldest'))).toEqual(['L1', 'L2', 'L3', 'L4', 'L5', 'L6']);
    const byClicks = await list('?sort_by=clicks');
    expect(keys(byClicks)).toEqual(['L3', 'L1', 'L6', 'L5', 'L4', 'L2']);
    expect(byClicks.map((l: { total_clicks: number }) => l.total_clicks)).toEqual([3, 1, 0, 0, 0, 0]);
    expect(keys(await list('?sort_by=title'))).toEqual(['L4', 'L1', 'L2', 'L6', 'L3', 'L5']);
  });

  it('filters by tab (created_via)', async () => {
    expect(keys(await list('?created_via=manual'))).toEqual(['L5', 'L2', 'L1']);
    expect(keys(await list('?created_via=api'))).toEqual(['L6', 'L4', 'L3']);
  });

  it('searches title, destination and short code, ignoring case, taking the text literally', async () => {
    expect(keys(await list('?search=alpha'))).toEqual(['L2', 'L1']);
    expect(keys(await list('?search=ALPHA'))).toEqual(['L2', 'L1']);
    expect(keys(await list('?search=X9'))).toEqual(['L4']);
    expect(keys(await list('?search=shop.example'))).toEqual(['L6']);
    expect(await list('?search=%25')).toEqual([]);
    expect(await list('?search=_')).toEqual([]);
    expect(keys(await list('?search=%20%20'))).toHaveLength(6);
  });

  it('filters by creation day, both ends included (UTC)', async () => {
    expect(keys(await list('?date_from=2026-10-31&date_to=2026-11-01'))).toEqual(['L3', 'L2']);
    expect(keys(await list('?date_from=2026-11-01'))).toEqual(['L6', 'L5', 'L4', 'L3']);
    expect(keys(await list('?date_to=2026-10-31'))).toEqual(['L2', 'L1']);
    expect(keys(await list('?date_from=2026-11-22&date_to=2026-11-22'))).toEqual(['L6']);
    expect(await list('?date_from=2025-01-01&date_to=2025-12-31')).toEqual([]);
  });

  it('filters by domain: custom (custom domain or TRAI header) and default, also together with a search', async () => {
    expect(keys(await list('?domain=custom'))).toEqual(['L6', 'L5']);
    expect(keys(await list('?domain=default'))).toEqual(['L4', 'L3', 'L2', 'L1']);
    expect(keys(await list('?domain=all'))).toHaveLength(6);
    expect(keys(await list('?search=eta'))).toEqual(['L6', 'L5', 'L2']);
    expect(keys(await list('?search=eta&domain=custom'))).toEqual(['L6', 'L5']);
    expect(keys(await list('?search=eta&domain=default'))).toEqual(['L2']);
    const traiLink = (await list('?domain=custom&created_via=manual'))[0];
    expect(traiLink).toMatchObject({ trai_header: 'ABCDEF', custom_domain: null, short_url: 'http://localhost:80/ABCDEF/zeta-5' });
  });

  it('filters by status: active, inactive (switched off) or all, with counts under the same filter', async () => {
    const off = await t.app.inject({ method: 'PATCH', url: `/api/urls/${ids['L2']}`, headers, payload: { is_active: false } });
    expect(off.statusCode, off.body).toBe(200);
    try {
      expect(keys(await list('?status=inactive'))).toEqual(['L2']);
      expect(keys(await list('?status=active'))).toEqual(['L6', 'L5', 'L4', 'L3', 'L1']);
      expect(keys(await list('?status=all'))).toHaveLength(6);
      expect(keys(await list('?status=active&search=alpha'))).toEqual(['L1']);
      const counted = await list('?include_counts=true&status=inactive');
      expect(keys(counted.urls)).toEqual(['L2']);
      expect(counted).toMatchObject({ total: 1, manual: 1, api: 0 });
      expect(await list('?include_counts=true&status=inactive&created_via=api')).toMatchObject({ urls: [], total: 0, manual: 1, api: 0 });
    } finally {
      const on = await t.app.inject({ method: 'PATCH', url: `/api/urls/${ids['L2']}`, headers, payload: { is_active: true } });
      expect(on.statusCode, on.body).toBe(200);
    }
  });

  it('pages the filtered list', async () => {
    expect(keys(await list('?skip=1&limit=2'))).toEqual(['L5', 'L4']);
    expect(keys(await list('?created_via=api&sort_by=oldest&skip=2&limit=10'))).toEqual(['L6']);
    expect(await list('?skip=6')).toEqual([]);
  });

  it('with include_counts answers the page and the counts: total of the filtered list, each tab under the same filters', async () => {
    const all = await list('?include_counts=true&limit=2&skip=1');
    expect(Object.keys(all).sort()).toEqual(['api', 'manual', 'total', 'urls']);
    expect(keys(all.urls)).toEqual(['L5', 'L4']);
    expect(all).toMatchObject({ total: 6, manual: 3, api: 3 });
    const searched = await list('?include_counts=true&created_via=api&search=eta');
    expect(keys(searched.urls)).toEqual(['L6']);
    expect(searched).toMatchObject({ total: 1, manual: 2, api: 1 });
    const dated = await list('?include_counts=true&created_via=manual&date_from=2026-11-01&domain=custom');
    expect(keys(dated.urls)).toEqual(['L5']);
    expect(dated).toMatchObject({ total: 1, manual: 1, api: 1 });
    expect(await list('?include_counts=true&search=nothing-like-this')).toEqual({ urls: [], total: 0, manual: 0, api: 0 });
  });

  it('refuses bad values with a detail naming the parameter and what it accepts', async () => {
    const refusals: [string, string][] = [
      ['sort_by=popular', 'Sort by must be one of: newest, oldest, clicks, title'],
      ['created_via=web', 'Created via must be one of: manual, api'],
      ['domain=mine', 'Domain must be one of: all, default, custom'],
      ['status=paused', 'Status must be one of: all, active, inactive'],
      ['include_counts=yes', 'Include counts must be true or false'],
      ['date_from=2026-13-01', 'From date must be a calendar date written YYYY-MM-DD, e.g. 2026-11-22'],
      ['date_to=2026-02-30', 'To date must be a calendar date written YYYY-MM-DD, e.g. 2026-11-22'],
      ['date_from=20261101', 'From date must be a calendar date written YYYY-MM-DD, e.g. 2026-11-22'],
      ['date_from=2026-11-02&date_to=2026-11-01', 'From date must be on or before To date'],
      ['skip=-1', 'Skip must be 0 or more'],
      ['skip=one', 'Skip must be a whole number, 0 or more'],
      ['limit=0', 'Limit must be at least 1'],
      ['limit=101', 'Limit must be at most 100'],
      ['limit=2.5', 'Limit must be a whole number from 1 to 100'],
      [`search=${'a'.repeat(201)}`, 'Search must be at most 200 characters'],
    ];
    for (const [query, detail] of refusals) {
      const response = await t.app.inject({ url: `/api/urls?${query}`, headers });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().detail, query).toBe(detail);
    }
  });
});
