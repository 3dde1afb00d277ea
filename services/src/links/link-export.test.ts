import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givePlan } from '../testing/plans.ts';
import { signUp, startTestApp, type TestApp, post } from '../testing/test-app.ts';
import { createLink } from './create-link.ts';

describe('GET /api/urls/export', () => {
  let t: TestApp;
  let now = new Date('2026-11-20T09:30:00.000Z');
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL: 'https://lnk.example' }, { clock: () => now });
    const account = await signUp(t.app, 'exporter@example.com');
    headers = account.headers;
    await givePlan(t.platform, account.user.id, 'pro'); // export is a paid feature
    const add = async (at: string, via: 'manual' | 'api', original_url: string, title: string, shortCode: string) => {
      now = new Date(at);
      return createLink(
        t.platform,
        { actor: { kind: 'user', id: String(account.user.id) }, correlationId: randomUUID(), now },
        { ownerId: account.user.id, createdVia: via, original_url, title, description: '', shortCode },
      );
    };
    await add('2026-11-01T10:00:00.000Z', 'manual', 'https://example.com/a?x=1,2', 'Plain, with "quotes"', 'plain-a');
    await add('2026-11-02T10:00:00.000Z', 'api', 'https://example.com/b', '=HYPERLINK("http://evil.example")', 'formula-b');
    const off = await add('2026-11-03T10:00:00.000Z', 'manual', 'https://example.com/c', 'Switched off', 'off-c');
    await t.app.inject({ method: 'PATCH', url: `/api/urls/${off.id}`, headers, payload: { is_active: false } });
    const other = await signUp(t.app, 'not-exported@example.com');
    await post(t.app, '/api/urls', other.headers, { original_url: 'https://example.com/other', title: 'Someone else' });
    now = new Date('2026-11-22T23:59:00.000Z');
  });
  afterAll(async () => t.close());

  const exportCsv = (query = '') => t.app.inject({ url: `/api/urls/export${query}`, headers });
  const lines = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\n');

  it('downloads the caller’s links as CSV with the export’s columns, newest first', async () => {
    const response = await exportCsv();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="urls_export_2026-11-22.csv"');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    expect(lines(response.body)).toEqual([
      'Title,Original URL,Short URL,Clicks,Created Date,Status,Tags,Folder',
      'Switched off,https://example.com/c,https://lnk.example/off-c,0,2026-11-03,Inactive,,',
      `"'=HYPERLINK(""http://evil.example"")",https://example.com/b,https://lnk.example/formula-b,0,2026-11-02,Active,,`,
      '"Plain, with ""quotes""","https://example.com/a?x=1,2",https://lnk.example/plain-a,0,2026-11-01,Active,,',
    ]);
  });

  it('exports one tab, with the search and domain filters', async () => {
    expect(
      lines((await exportCsv('?tab=manual')).body)
        .slice(1)
        .map((l) => l.split(',')[0]),
    ).toEqual(['Switched off', '"Plain']);
    expect(lines((await exportCsv('?tab=api')).body)).toHaveLength(2);
    expect(lines((await exportCsv('?tab=all&search=SWITCHED')).body).slice(1)).toEqual([
      'Switched off,https://example.com/c,https://lnk.example/off-c,0,2026-11-03,Inactive,,',
    ]);
    expect(lines((await exportCsv('?domain=custom')).body)).toEqual(['Title,Original URL,Short URL,Clicks,Created Date,Status,Tags,Folder']);
    expect(lines((await exportCsv('?domain=default&tab=manual&search=plain')).body)).toHaveLength(2);
  });

  it('exports past one page of the read store (1000 links), every link once', async () => {
    const bulk = await signUp(t.app, 'many-links@example.com');
    await givePlan(t.platform, bulk.user.id, 'pro');
    const metadata = { actor: { kind: 'user' as const, id: String(bulk.user.id) }, correlation_id: 'c', causation_id: 'c', at: '2026-11-05T00:00:00.000Z' };
    const count = 1001;
    const { position } = await t.platform.events.append(
      Array.from({ length: count }, (_, i) => ({
        stream: `link-${5000 + i}`,
        expected: 'no_stream' as const,
        events: [
          {
            id: randomUUID(),
            type: 'LinkCreated',
            version: 1,
            data: {
              link_id: 5000 + i,
              owner_id: bulk.user.id,
              short_code: `many-${i}`,
              original_url: `https://example.com/${i}`,
              title: `Link ${i}`,
              description: '',
              created_via: 'api',
              custom_domain: null,
              trai_header: null,
            },
            metadata,
          },
        ],
      })),
    );
    await t.platform.readModel.waitFor(position, 10_000);
    const rows = lines((await t.app.inject({ url: '/api/urls/export', headers: bulk.headers })).body).slice(1);
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((row) => row.split(',')[2])).size).toBe(count);
    // Same moment for all: the newest order falls back to the highest id first.
    expect(rows[0]).toBe('Link 1000,https://example.com/1000,https://lnk.example/many-1000,0,2026-11-05,Active,,');
    expect(rows.at(-1)).toBe('Link 0,https://example.com/0,https://lnk.example/many-0,0,2026-11-05,Active,,');
  });

  it('refuses bad filter values with a detail naming the parameter', async () => {
    for (const [query, detail] of [
      ['tab=web', 'Tab must be one of: all, manual, api'],
      ['domain=mine', 'Domain must be one of: all, default, custom'],
    ] as const) {
      const response = await exportCsv(`?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().detail).toBe(detail);
    }
  });
});
