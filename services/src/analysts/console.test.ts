import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEventOf, type SavedQueryList } from '@linkledger/contracts';
import { eventually } from '../testing/eventually.ts';
import { signUp, startTestApp, startWithSuperAdmin, type Session, type TestApp, post } from '../testing/test-app.ts';
import { analystQueriesStream } from './analyst-queries.ts';

describe('the admin SQL console', () => {
  let t: TestApp;
  let admin: Session;
  let code: string;
  const sql = (payload: object) => t.app.inject({ method: 'POST', url: '/api/admin/sql', headers: admin.headers, payload });

  beforeAll(async () => {
    ({ t, admin } = await startWithSuperAdmin());
    const owner = await signUp(t.app, 'owner@example.com');
    code = (await t.app.inject({ method: 'POST', url: '/api/urls', headers: owner.headers, payload: { original_url: 'https://example.com/' } })).json()
      .short_code;
    for (const referer of ['https://a.example/', 'https://a.example/', 'https://b.example/']) {
      await t.app.inject({ url: `/${code}`, headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0', referer } });
    }
    await eventually(
      async () => (await sql({ query: 'SELECT count() AS n FROM clicks JOIN links USING link_id' })).json().rows?.[0]?.[0] === '3',
      10_000,
      'the clicks to reach the analysts’ tables',
    );
  });
  afterAll(async () => t?.close());

  it('answers rows and columns as JSON, 64-bit numbers as strings, as the admin', async () => {
    const answer = await sql({
      query:
        'SELECT referrer, count() AS clicks FROM clicks WHERE link_id = (SELECT link_id FROM links WHERE short_code = {code:String}) GROUP BY referrer ORDER BY clicks DESC',
      params: { code },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      columns: [
        { name: 'referrer', type: 'String' },
        { name: 'clicks', type: 'UInt64' },
      ],
      rows: [
        ['a.example', '2'],
        ['b.example', '1'],
      ],
      truncated: false,
    });
    const recorded = (await t.platform.events.readStream(analystQueriesStream(new Date()))).at(-1)!;
    expect(recorded.metadata.actor).toEqual({ kind: 'user', id: String(admin.user.id) });
    expect(domainEventOf(recorded)!.data).toMatchObject({ via: 'console', format: 'JSONCompact', error_code: 0, result_rows: 2 });
  });

  it('shows the first 1000 rows and says there were more', async () => {
    const answer = (await sql({ query: 'SELECT number FROM numbers(5000)' })).json();
    expect(answer.rows).toHaveLength(1000);
    expect(answer.truncated).toBe(true);
  });

  it('refuses what analysts may not do, with ClickHouse’s error as the detail', async () => {
    const refused = await sql({ query: 'DROP TABLE clicks' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toMatch(/^Code: 164\. DB::Exception: .*\(READONLY\)/);
    expect((await sql({ query: 'SELECT * FROM system.tables' })).json().detail).toMatch(/^Code: 497\./);
    expect((await sql({ query: '' })).statusCode).toBe(400);
  });

  it('downloads every row as CSV or Parquet', async () => {
    const csv = await post(t.app, '/api/admin/sql/export', admin.headers, { query: 'SELECT number AS n FROM numbers(1500)', format: 'CSVWithNames' });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="query_\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.body.split('\n')).toHaveLength(1502);
    const parquet = await post(t.app, '/api/admin/sql/export', admin.headers, { query: 'SELECT country, browser FROM clicks', format: 'Parquet' });
    expect(parquet.headers['content-disposition']).toContain('.parquet"');
    expect([parquet.rawPayload.subarray(0, 4).toString(), parquet.rawPayload.subarray(-4).toString()]).toEqual(['PAR1', 'PAR1']);
  });

  it('makes formula-like text inert in CSV and TSV downloads, leaving numbers as they are', async () => {
    const query = `SELECT '=HYPERLINK("https://evil.example","x")' AS title, '@SUM(A1)' AS other, 'tab\there' AS spaced, -5 AS n`;
    const download = (format: string) => t.app.inject({ method: 'POST', url: '/api/admin/sql/export', headers: admin.headers, payload: { query, format } });
    const csv = await download('CSVWithNames');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toBe(`title,other,spaced,n\n"'=HYPERLINK(""https://evil.example"",""x"")",'@SUM(A1),tab\there,-5\n`);
    const tsv = await download('TabSeparatedWithNames');
    expect(tsv.headers['content-disposition']).toContain('.tsv"');
    expect(tsv.body).toBe(`title\tother\tspaced\tn\n'=HYPERLINK("https://evil.example","x")\t'@SUM(A1)\ttab\\there\t-5\n`);
  });

  it('saves and deletes an admin’s queries, and offers starter queries that run', async () => {
    const list = async () => (await t.app.inject({ url: '/api/admin/sql/queries', headers: admin.headers })).json<SavedQueryList>();
    const saved = await post(t.app, '/api/admin/sql/queries', admin.headers, { name: 'Countries <b>', sql: 'SELECT country FROM clicks' });
    expect(saved.statusCode).toBe(201);
    expect((await list()).queries).toEqual([saved.json()]);
    const other = await signUp(t.app, 'other-admin@example.com');
    await t.app.inject({ method: 'PUT', url: `/api/admin/users/${other.user.id}/role`, headers: admin.headers, payload: { role: 'admin' } });
    expect((await t.app.inject({ url: '/api/admin/sql/queries', headers: other.headers })).json().queries).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/sql/queries/${saved.json().id}`, headers: admin.headers })).statusCode).toBe(200);
    expect((await list()).queries).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/sql/queries/${saved.json().id}`, headers: admin.headers })).statusCode).toBe(404);
    const { starters } = await list();
    expect(starters.map((starter) => starter.name)).toEqual(['Clicks per country, last 7 days', 'Top referrers of a link', 'Bots share by browser']);
    for (const starter of starters) {
      const answer = await sql({ query: starter.sql, params: { code } });
      expect(answer.statusCode, `${starter.name}: ${answer.body}`).toBe(200);
      expect(answer.json().rows.length).toBeGreaterThan(0);
    }
  });

  it('runs from a ROLE=api process through the process that owns chDB, recorded there too', async () => {
    const api = await startTestApp({ ROLE: 'api' }, { dataDir: t.dataDir });
    try {
      const answer = await post(api.app, '/api/admin/sql', admin.headers, { query: 'SELECT count() AS n FROM clicks' });
      expect(answer.json()).toMatchObject({ rows: [['3']] });
      const refused = await post(api.app, '/api/admin/sql', admin.headers, { query: 'SELECT * FROM system.tables' });
      expect(refused.json().detail).toMatch(/^Code: 497\./);
      const recorded = (await t.platform.events.readStream(analystQueriesStream(new Date()))).map((event) => domainEventOf(event)!.data as { query: string });
      expect(recorded.at(-1)!.query).toBe('SELECT * FROM system.tables');
    } finally {
      await api.close();
    }
  });
});
