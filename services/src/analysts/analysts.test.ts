import { createClient, type ClickHouseClient } from '@clickhouse/client';
import { ClickHouse } from 'clickhouse';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEventOf } from '@linkledger/contracts';
import { eventually } from '../testing/eventually.ts';
import { signUp, startWithSuperAdmin, type Session, type TestApp } from '../testing/test-app.ts';
import { analystQueriesStream } from './analyst-queries.ts';

const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0' };
const BOT = { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' };

/** A ClickHouse-style error answer: status, the code header and `Code: N. DB::Exception: … (NAME)`. */
async function expectClickHouseError(response: Response, status: number, code: number, name: string) {
  const body = await response.text();
  expect({ status: response.status, header: response.headers.get('x-clickhouse-exception-code') }, body).toEqual({ status, header: String(code) });
  expect(body).toMatch(new RegExp(`^Code: ${code}\\. DB::Exception: [\\s\\S]+\\(${name}\\)`));
  return body;
}

describe('analysts’ SQL over ClickHouse’s HTTP interface', () => {
  let t: TestApp;
  let admin: Session;
  let endpoint: string;
  let analyst: { id: string; name: string; password: string; created_at: string };
  let official: ClickHouseClient;
  const links: { id: number; short_code: string }[] = [];
  const send = (query: string, init: { params?: Record<string, string>; headers?: Record<string, string>; method?: string } = {}) => {
    const url = new URL(endpoint);
    for (const [name, value] of Object.entries(init.params ?? {})) url.searchParams.set(name, value);
    return fetch(url, {
      method: init.method ?? 'POST',
      headers: { 'x-clickhouse-user': analyst.name, 'x-clickhouse-key': analyst.password, ...init.headers },
      ...(init.method === 'GET' ? {} : { body: query }),
    });
  };

  beforeAll(async () => {
    ({ t, admin } = await startWithSuperAdmin({ ANALYST_PORT: '0', ANALYST_QUERY_TIMEOUT: '1' }));
    endpoint = `http://127.0.0.1:${t.platform.analysts.port}/`;
    const issued = await t.app.inject({ method: 'POST', url: '/api/admin/analysts', headers: admin.headers, payload: { name: 'ana' } });
    expect(issued.statusCode).toBe(201);
    analyst = issued.json();
    official = createClient({ url: endpoint, username: analyst.name, password: analyst.password });
    const owner = await signUp(t.app, 'owner@example.com');
    for (const clicks of [3, 1]) {
      const link = (
        await t.app.inject({
          method: 'POST',
          url: '/api/urls',
          headers: owner.headers,
          payload: { original_url: 'https://example.com/', title: 'A <b>title</b>' },
        })
      ).json();
      links.push(link);
      for (let i = 0; i < clicks; i++) await t.app.inject({ url: `/${link.short_code}`, headers: { ...BROWSER, referer: 'https://news.example/' } });
      await t.app.inject({ url: `/${link.short_code}`, headers: BOT });
    }
    const total = async () => {
      const answers = await Promise.all(
        links.map(async (link) => (await t.app.inject({ url: `/api/urls/${link.id}/analytics`, headers: owner.headers })).json().total_clicks),
      );
      return answers.join(',') === '3,1';
    };
    await eventually(total, 10_000, 'the product’s analytics to count the clicks');
    await eventually(
      async () => (await official.query({ query: 'SELECT count() AS n FROM links', format: 'JSONEachRow' }).then((r) => r.json<{ n: number }>()))[0]?.n === 2,
      10_000,
      'the links to reach the analysts’ tables',
    );
  });
  afterAll(async () => {
    await official?.close();
    await t?.close();
  });

  it('issues a credential whose password is shown once and never listed', async () => {
    expect(analyst).toMatchObject({ name: 'ana', id: expect.any(String), created_at: expect.any(String) });
    expect(analyst.password).toMatch(/^lla_[\w-]{43}$/);
    const list = await t.app.inject({ url: '/api/admin/analysts', headers: admin.headers });
    expect(list.json()).toEqual({
      analysts: [{ id: analyst.id, name: 'ana', created_at: analyst.created_at }],
      port: t.platform.analysts.port,
      database: 'linkledger_analysts',
    });
    expect(list.body).not.toContain(analyst.password);
    const again = await t.app.inject({ method: 'POST', url: '/api/admin/analysts', headers: admin.headers, payload: { name: 'ana' } });
    expect(again.statusCode).toBe(409);
    const hostile = await t.app.inject({ method: 'POST', url: '/api/admin/analysts', headers: admin.headers, payload: { name: '<script>x</script>' } });
    expect(hostile.statusCode).toBe(400);
  });

  it('answers @clickhouse/client with the counts the product’s analytics show', async () => {
    expect(await official.ping()).toEqual({ success: true });
    const result = await official.query({
      query:
        'SELECT link_id, countIf(is_bot = 0) AS human, countIf(is_bot = 1) AS bots FROM clicks WHERE link_id IN {ids:Array(UInt64)} GROUP BY link_id ORDER BY link_id',
      query_params: { ids: links.map((link) => link.id) },
      format: 'JSONEachRow',
    });
    expect(await result.json()).toEqual([
      { link_id: links[0]!.id, human: 3, bots: 1 },
      { link_id: links[1]!.id, human: 1, bots: 1 },
    ]);
    const text = "tab\there, 'quote', back\\slash, new\nline";
    const echoed = await official.query({
      query: 'SELECT {text:String} AS text, {day:Date} AS day',
      query_params: { text, day: '2026-01-02' },
      format: 'JSONEachRow',
    });
    expect(await echoed.json()).toEqual([{ text, day: '2026-01-02' }]);
    const daily = await official.query({ query: "SELECT sum(clicks) AS clicks FROM clicks_daily WHERE dimension = ''", format: 'JSONEachRow' });
    expect(await daily.json()).toEqual([{ clicks: 4 }]);
    const joined = await official.query({
      query:
        'SELECT l.short_code AS code, o.plan AS plan, count() AS clicks FROM clicks AS c JOIN links AS l USING link_id JOIN owners AS o ON o.owner_id = l.owner_id WHERE c.is_bot = 0 GROUP BY code, plan ORDER BY clicks DESC',
      format: 'JSON',
    });
    expect((await joined.json()).data).toEqual(links.map((link, i) => ({ code: link.short_code, plan: 'free', clicks: [3, 1][i] })));
  });

  it('answers the clickhouse npm client (TimonKK’s), with basic auth and with user/password parameters', async () => {
    const port = t.platform.analysts.port!;
    const sql = 'SELECT link_id, count() AS clicks FROM clicks WHERE is_bot = 0 GROUP BY link_id ORDER BY link_id';
    const expected = links.map((link, i) => ({ link_id: link.id, clicks: [3, 1][i] }));
    // user/password as URL parameters, a session id and the database named.
    const withParameters = new ClickHouse({
      url: 'http://127.0.0.1',
      port,
      user: analyst.name,
      password: analyst.password,
      config: { session_id: 'a-session', database: 'linkledger_analysts' },
    });
    expect(await withParameters.query(sql).toPromise()).toEqual(expected);
    const basic = new ClickHouse({
      url: 'http://127.0.0.1',
      port,
      basicAuth: { username: analyst.name, password: analyst.password },
      format: 'csv',
      usePost: true,
      isSessionPerQuery: true,
    });
    // Its CSV reader turns numbers back into numbers; usePost sends the query as multipart form data.
    expect(await basic.query(sql).toPromise()).toEqual(expected);
  });

  it('speaks the HTTP interface: GET or POST, query in the URL and the body, parameters, formats, summary', async () => {
    expect(await (await fetch(`${endpoint}ping`)).text()).toBe('Ok.\n');
    const get = await send('', { method: 'GET', params: { query: 'SELECT 1 AS one FORMAT JSONEachRow' } });
    expect(await get.text()).toBe('{"one":1}\n');
    expect(get.headers.get('x-clickhouse-format')).toBe('JSONEachRow');
    expect(JSON.parse(get.headers.get('x-clickhouse-summary')!)).toMatchObject({ result_rows: '1', read_rows: '1' });
    const appended = await send('{n:UInt8} + 1 AS n', { params: { query: 'SELECT', param_n: '41', default_format: 'TabSeparatedWithNames' } });
    expect(await appended.text()).toBe('n\n42\n');
    expect(await (await send("SELECT 1 AS a, 'x,y' AS b FORMAT CSVWithNames")).text()).toBe('"a","b"\n1,"x,y"\n');
    expect(await (await send('SELECT 1 AS a FORMAT CSV')).text()).toBe('1\n');
    expect(await (await send('SELECT 1 AS a')).text()).toBe('1\n');
    expect((await (await send('SELECT 1 AS a FORMAT JSON')).json()).data).toEqual([{ a: 1 }]);
    const parquet = Buffer.from(await (await send('SELECT link_id, country FROM clicks FORMAT Parquet')).arrayBuffer());
    expect([parquet.subarray(0, 4).toString(), parquet.subarray(-4).toString()]).toEqual(['PAR1', 'PAR1']);
    expect(await (await send('SHOW TABLES')).text()).toBe('clicks\nclicks_daily\nlinks\nowners\n');
    expect(await (await send('DESCRIBE TABLE clicks FORMAT TSVRaw')).text()).not.toContain('visitor_hash');
    await expectClickHouseError(await send('SELECT 1 FORMAT Template'), 404, 73, 'UNKNOWN_FORMAT');
    await expectClickHouseError(await send('SELECT 1', { params: { database: 'linkledger' } }), 404, 81, 'UNKNOWN_DATABASE');
  });

  it('refuses writes, DDL, settings, table functions that reach out and other tables, in ClickHouse’s words', async () => {
    await expectClickHouseError(await send('INSERT INTO clicks (link_id) VALUES (1)'), 500, 164, 'READONLY');
    await expectClickHouseError(await send('CREATE TABLE evil (a UInt8) ENGINE = Memory'), 500, 164, 'READONLY');
    await expectClickHouseError(await send('DROP TABLE clicks'), 500, 164, 'READONLY');
    await expectClickHouseError(await send('ALTER TABLE clicks DELETE WHERE 1'), 500, 164, 'READONLY');
    await expectClickHouseError(await send('SET max_execution_time = 100'), 500, 164, 'READONLY');
    await expectClickHouseError(await send('SELECT 1 SETTINGS max_execution_time = 100'), 500, 164, 'READONLY');
    await expectClickHouseError(await send('SELECT 1', { params: { max_execution_time: '100' } }), 500, 164, 'READONLY');
    await expectClickHouseError(await send('SELECT 1', { params: { readonly: '0' } }), 500, 164, 'READONLY');
    await expectClickHouseError(await send("SELECT * FROM file('/etc/passwd', 'LineAsString')"), 403, 497, 'ACCESS_DENIED');
    await expectClickHouseError(await send("SELECT file('/etc/hostname')"), 403, 497, 'ACCESS_DENIED');
    await expectClickHouseError(await send("SELECT * FROM url('http://127.0.0.1:1/', 'CSV', 'a String')"), 403, 497, 'ACCESS_DENIED');
    await expectClickHouseError(await send("SELECT 1 IN (SELECT * FROM s3('http://127.0.0.1:1/x.csv'))"), 403, 497, 'ACCESS_DENIED');
    await expectClickHouseError(await send('SELECT name FROM system.tables'), 403, 497, 'ACCESS_DENIED');
    await expectClickHouseError(await send('SELECT (SELECT toUInt8(any(name)) FROM system.tables)'), 403, 497, 'ACCESS_DENIED');
    await expectClickHouseError(await send('EXISTS TABLE linkledger.users'), 403, 497, 'ACCESS_DENIED');
    expect((await (await send('EXISTS TABLE clicks')).text()).trim()).toBe('1');
    expect((await (await send('DESCRIBE TABLE clicks FORMAT JSONEachRow')).text()).split('\n')[0]).toContain('"name":"link_id"');
    await expectClickHouseError(await send('SELECT * FROM linkledger.clicks'), 403, 497, 'ACCESS_DENIED');
    await expectClickHouseError(await send('SELECT 1 WHERE 1 IN linkledger.clicks'), 403, 497, 'ACCESS_DENIED');
    await expectClickHouseError(await send("SELECT * FROM clicks INTO OUTFILE 'out.csv'"), 403, 497, 'ACCESS_DENIED');
    await expectClickHouseError(await send('SELECT 1; SELECT 2'), 400, 62, 'SYNTAX_ERROR');
    await expectClickHouseError(await send('SELEC 1'), 400, 62, 'SYNTAX_ERROR');
    expect(await (await send('SELECT count() FROM system.one')).text()).toBe('1\n');
  });

  it('refuses a missing or wrong password, and a credential once revoked', async () => {
    await expectClickHouseError(await fetch(`${endpoint}?query=SELECT%201`), 401, 194, 'REQUIRED_PASSWORD');
    await expectClickHouseError(await send('SELECT 1', { headers: { 'x-clickhouse-key': 'wrong' } }), 403, 516, 'AUTHENTICATION_FAILED');
    const other = (await t.app.inject({ method: 'POST', url: '/api/admin/analysts', headers: admin.headers, payload: { name: 'bo' } })).json();
    const asBo = { authorization: `Basic ${Buffer.from(`bo:${other.password}`).toString('base64')}` };
    expect(await (await fetch(`${endpoint}?query=SELECT%201`, { headers: asBo })).text()).toBe('1\n');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/analysts/${other.id}`, headers: admin.headers })).statusCode).toBe(200);
    await expectClickHouseError(await fetch(`${endpoint}?query=SELECT%201`, { headers: asBo }), 403, 516, 'AUTHENTICATION_FAILED');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/analysts/${other.id}`, headers: admin.headers })).statusCode).toBe(404);
  });

  it('answers a request target that is no URL with an error, and goes on answering', async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(t.platform.analysts.port!, '127.0.0.1', () => socket.end('GET //%/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw).toContain('Code: 36. DB::Exception: The request target is not a valid URL');
    expect(await (await fetch(`${endpoint}ping`)).text()).toBe('Ok.\n');
  });

  it('cuts a query off at the time limit', async () => {
    const started = Date.now();
    await expectClickHouseError(await send('SELECT sleep(2)'), 408, 159, 'TIMEOUT_EXCEEDED');
    expect(Date.now() - started).toBeLessThan(1900);
  });

  it('records every query, refused or not, with hostile text kept exact and no secret', async () => {
    const hostile = "SELECT '<script>alert(1)</script>\u0001\u001b[31m' AS x /* </textarea> */";
    const answer = await send(`${hostile} FORMAT JSONEachRow`);
    expect(await answer.json()).toEqual({ x: '<script>alert(1)</script>\u0001\u001b[31m' });
    const recorded = await t.platform.events.readStream(analystQueriesStream(new Date()));
    const queries = recorded.map((event) => ({ actor: event.metadata.actor, data: domainEventOf(event)!.data as Record<string, unknown> }));
    expect(queries.find((q) => q.data.query === `${hostile} FORMAT JSONEachRow`)).toMatchObject({
      actor: { kind: 'analyst', id: analyst.id },
      data: { via: 'clickhouse_http', user: 'ana', format: 'JSONEachRow', error_code: 0, result_rows: 1 },
    });
    expect(queries.find((q) => q.data.query === 'DROP TABLE clicks')?.data).toMatchObject({ error_code: 164, result_rows: null });
    expect(queries.find((q) => q.data.query === 'SELECT sleep(2)')?.data).toMatchObject({ error_code: 159 });
    const everything = JSON.stringify(await t.platform.events.readAll({ after: 0, limit: 100_000 }));
    expect(everything).not.toContain(analyst.password);
    expect(everything).not.toContain(analyst.password.slice(4));
  });
});
