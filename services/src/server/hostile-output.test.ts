import { request as httpRequest } from 'node:http';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseCsv } from 'csv-parse/sync';
import type { LinkResponse } from '@linkledger/contracts';
import { waitUntil } from '../stores/events/event-store.contract.ts';
import { liveClient } from '../testing/live-client.ts';
import { outbox } from '../testing/outbox.ts';
import { signUp, startTestApp, type TestApp } from '../testing/test-app.ts';

/**
 * Hostile values stored through every route that stores text, then read back through every
 * output: the redirect (GET and HEAD, through the server's own front), JSON, CSV, QR, mail,
 * the live websocket and the log. Nothing may stop the process, answer 5xx, or come back out
 * unencoded where it could act (a header, a formula, markup in mail).
 */
const TEXTS = {
  japanese: '日本語のページ',
  rtl: 'abc\u202Etxt.exe',
  emoji: '🔗🎉 link',
  crlf: 'line one\r\nSet-Cookie: stolen=1',
  nul: 'before\u0000after',
  long: 'x'.repeat(255),
  formula: "=cmd|' /C calc'!A0",
  markup: '<script>alert(1)</script><img src=x onerror=alert(2)>',
};

/** Destinations a person may well shorten: each is stored in its WHATWG serialization. */
const GOOD_DESTINATIONS: [string, string][] = [
  ['https://ja.wikipedia.org/wiki/日本語', 'https://ja.wikipedia.org/wiki/%E6%97%A5%E6%9C%AC%E8%AA%9E'],
  ['https://例え.jp/パス?q=値#節', 'https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9?q=%E5%80%A4#%E7%AF%80'],
  ['https://😀.example/🔗', 'https://xn--e28h.example/%F0%9F%94%97'],
  // A homograph of apple.com (Cyrillic а): stored, and so shown everywhere, in punycode.
  ['https://аpple.com/login', 'https://xn--pple-43d.com/login'],
  ['https://example.com/ру́сский/\u202Egnp.exe', 'https://example.com/%D1%80%D1%83%CC%81%D1%81%D1%81%D0%BA%D0%B8%D0%B9/%E2%80%AEgnp.exe'],
  ['https://example.com/search?q=<script>"x"</script>', 'https://example.com/search?q=%3Cscript%3E%22x%22%3C/script%3E'],
  ['https://example.com/=cmd|calc', 'https://example.com/=cmd|calc'],
];

/** Destinations refused with a 400 that says why, and nothing stored. */
const BAD_DESTINATIONS: [string, RegExp][] = [
  ['https://example.com/a\r\nSet-Cookie: x=1', /must not contain line breaks, tabs or other control characters/],
  ['https://example.com/a\nb', /must not contain line breaks/],
  ['https://example.com/\u0000x', /control characters/],
  ['https://example.com/\tx', /control characters/],
  ['https://example.com/\u2028x', /control characters/],
  ['https://example.com/\u0085x', /control characters/],
  ['javascript:alert(1)', /must be a full web address/],
  [`https://example.com/${'日'.repeat(700)}`, /at most 2048 characters once its non-ASCII characters are encoded/],
];

/** A raw HTTP/1.1 exchange with the listening server, so the front's own writeHead is exercised. */
function raw(baseUrl: string, method: 'GET' | 'HEAD', path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; rawHeaders: string[] }>((resolve, reject) => {
    const request = httpRequest(`${baseUrl}${path}`, { method, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, rawHeaders: response.rawHeaders }));
    });
    request.on('error', reject);
    request.end();
  });
}

const printableAscii = /^[\x21-\x7e]*$/;

describe('hostile values, read back through every output', () => {
  let t: TestApp;
  let baseUrl: string;
  const logLines: string[] = [];
  let owner: Awaited<ReturnType<typeof signUp>>;
  let apiKey: string;
  const created: LinkResponse[] = [];

  beforeAll(async () => {
    t = await startTestApp({ LOG_LEVEL: 'trace', REDIRECT_RATE_PER_IP: '0' }, { logStream: { write: (line) => void logLines.push(line) } });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const admin = await signUp(t.app, 'root@example.com');
    owner = await signUp(t.app, 'owner@example.com');
    // Pro: CSV export is one of the outputs.
    await t.app.inject({ method: 'POST', url: `/api/admin/users/${owner.user.id}/change-plan`, headers: admin.headers, payload: { plan_type: 'pro' } });
    apiKey = (await t.app.inject({ method: 'POST', url: '/api/users/me/generate-api-key', headers: owner.headers })).json<{ api_key: string }>().api_key;
  });
  afterAll(async () => t.close());

  it('stores good destinations normalized through the dashboard, the public API, cutt.ly and edit; refuses bad ones with a 400 that says why', async () => {
    for (const [index, [input, stored]] of GOOD_DESTINATIONS.entries()) {
      const texts = Object.values(TEXTS);
      const title = texts[index % texts.length]!;
      const description = texts[(index + 3) % texts.length]!;
      const viaDashboard = await t.app.inject({
        method: 'POST',
        url: '/api/urls',
        headers: owner.headers,
        payload: { original_url: input, title, description },
      });
      expect(viaDashboard.statusCode, viaDashboard.body).toBe(201);
      expect(viaDashboard.json()).toMatchObject({ original_url: stored, title: title.trim(), description: description.trim() });
      created.push(viaDashboard.json());

      const viaKey = await t.app.inject({ method: 'POST', url: '/api/urls/api', headers: { 'x-api-key': apiKey }, payload: { original_url: input, title } });
      expect(viaKey.statusCode, viaKey.body).toBe(201);
      expect(viaKey.json().original_url).toBe(stored);
      created.push(viaKey.json());

      const viaCuttly = await t.app.inject({ url: `/api/shorten?key=${apiKey}&short=${encodeURIComponent(input)}` });
      expect(viaCuttly.json().url, viaCuttly.body).toMatchObject({ status: 7, fullLink: stored });
    }
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/urls/${created[0]!.id}`,
      headers: owner.headers,
      payload: { original_url: GOOD_DESTINATIONS[1]![0], title: TEXTS.markup },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ original_url: GOOD_DESTINATIONS[1]![1], title: TEXTS.markup });
    created[0] = edited.json();

    const linksBefore = (await t.app.inject({ url: '/api/urls?limit=100&include_counts=true', headers: owner.headers })).json().total;
    expect(linksBefore).toBe(created.length + GOOD_DESTINATIONS.length);
    for (const [input, reason] of BAD_DESTINATIONS) {
      for (const attempt of [
        t.app.inject({ method: 'POST', url: '/api/urls', headers: owner.headers, payload: { original_url: input } }),
        t.app.inject({ method: 'POST', url: '/api/urls/api', headers: { 'x-api-key': apiKey }, payload: { original_url: input } }),
        t.app.inject({ method: 'PATCH', url: `/api/urls/${created[1]!.id}`, headers: owner.headers, payload: { original_url: input } }),
      ]) {
        const refused = await attempt;
        expect(refused.statusCode, input).toBe(400);
        expect(refused.json().detail, input).toMatch(reason);
      }
      const cuttly = await t.app.inject({ url: `/api/shorten?key=${apiKey}&short=${encodeURIComponent(input)}` });
      expect(cuttly.json().url.status, input).toBe(2);
    }
    expect((await t.app.inject({ url: '/api/urls?limit=100&include_counts=true', headers: owner.headers })).json().total).toBe(linksBefore);
  });

  it('redirects to every stored destination with a header-safe Location, on GET and HEAD, through the server’s front', async () => {
    for (const link of created) {
      for (const method of ['GET', 'HEAD'] as const) {
        const answer = await raw(baseUrl, method, `/${link.short_code}`);
        expect(answer.status, `${method} ${link.original_url}`).toBe(302);
        expect(answer.headers.location).toBe(link.original_url);
        expect(String(answer.headers.location)).toMatch(printableAscii);
      }
    }
  });

  it('makes events written before the rule safe on the way out: an old destination with non-Latin-1 and CR/LF never crashes a redirect', async () => {
    const dangerous = 'https://例え.jp/パス\r\nSet-Cookie: stolen=1';
    const linkId = 900_001;
    const metadata = { actor: { kind: 'user' as const, id: String(owner.user.id) }, correlation_id: 'old', causation_id: 'old', at: new Date().toISOString() };
    const event = (type: string, data: object) => ({ id: randomUUID(), type, version: 1, data, metadata });
    await t.platform.events.append([
      { stream: 'shortcode-oldlink', expected: 'no_stream', events: [event('ShortCodeClaimed', { short_code: 'oldlink', link_id: linkId })] },
      {
        stream: `link-${linkId}`,
        expected: 'no_stream',
        events: [
          event('LinkCreated', {
            link_id: linkId,
            owner_id: owner.user.id,
            short_code: 'oldlink',
            original_url: dangerous,
            title: '',
            description: '',
            created_via: 'manual',
            custom_domain: null,
            trai_header: null,
          }),
        ],
      },
    ]);
    for (const method of ['GET', 'HEAD', 'GET'] as const) {
      const answer = await raw(baseUrl, method, '/oldlink');
      expect(answer.status).toBe(302);
      expect(answer.headers.location).toBe('https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9Set-Cookie:%20stolen=1');
      expect(answer.headers['set-cookie']).toBeUndefined();
      expect(String(answer.headers.location)).toMatch(printableAscii);
    }
    // The process is still up and answering.
    expect((await raw(baseUrl, 'GET', '/api/health')).status).toBe(200);
  });

  it('answers JSON that reads back exactly what was stored', async () => {
    const list = (await t.app.inject({ url: '/api/urls?limit=100&include_counts=true', headers: owner.headers })).json<{ urls: LinkResponse[] }>().urls;
    for (const link of created) {
      const found = list.find((item) => item.id === link.id)!;
      expect(found).toMatchObject({ original_url: link.original_url, title: link.title, description: link.description });
      const one = await t.app.inject({ url: `/api/urls/${link.id}`, headers: owner.headers });
      expect(one.json()).toMatchObject({ original_url: link.original_url, title: link.title });
    }
    const search = await t.app.inject({ url: `/api/urls?search=${encodeURIComponent(TEXTS.japanese)}`, headers: owner.headers });
    expect(search.statusCode).toBe(200);
  });

  it('exports CSV whose cells are inert (no formula runs) and read back to the stored texts', async () => {
    const csv = await t.app.inject({ url: '/api/urls/export', headers: owner.headers });
    expect(csv.statusCode).toBe(200);
    const rows = parseCsv(csv.body.replace(/^\uFEFF/, ''), { columns: true, relax_column_count: false }) as Record<string, string>[];
    for (const link of created) {
      const row = rows.find((r) => r['Short URL']!.endsWith(`/${link.short_code}`))!;
      expect(row['Original URL']).toBe(/^[=+\-@]/.test(link.original_url) ? `'${link.original_url}` : link.original_url);
      expect(row['Title']).toBe(/^[=+\-@\t\r]/.test(link.title) ? `'${link.title}` : link.title);
    }
    for (const row of rows) for (const cell of Object.values(row)) expect(cell).not.toMatch(/^[=+\-@]/);
  });

  it('draws QR codes of every hostile link', async () => {
    for (const link of created.slice(0, 4)) {
      for (const ext of ['png', 'svg']) {
        const qr = await t.app.inject({ url: `/api/urls/${link.id}/qr.${ext}`, headers: owner.headers });
        expect(qr.statusCode).toBe(200);
      }
    }
  });

  it('pushes clicks with hostile Referer and user agents over the websocket as well-formed JSON', async () => {
    const live = await liveClient(baseUrl, owner.token);
    const link = created[2]!;
    const hostileHeaders = [
      { referer: 'https://exämple.com/päth', 'user-agent': `Mozilla/5.0 ${TEXTS.markup}` },
      { referer: `javascript:${TEXTS.markup}`, 'user-agent': TEXTS.formula },
      { referer: 'not a url at all', 'user-agent': 'x'.repeat(5000) },
    ];
    for (const headers of hostileHeaders) expect((await raw(baseUrl, 'GET', `/${link.short_code}`, headers)).status).toBe(302);
    await waitUntil(() => live.clicks().some((click) => click.url_id === link.id));
    for (const click of live.clicks()) {
      expect(click.referrer).not.toMatch(/[<>"'\s]/);
      expect(click.referrer === '' || /^[a-z0-9.-]+$/.test(click.referrer)).toBe(true);
    }
    live.close();
  });

  it('mails hostile addresses nothing it did not encode', async () => {
    const markupName = '"<b>x</b>"@example.com';
    const registered = await t.app.inject({ method: 'POST', url: '/api/register', payload: { email: markupName, password: 'secret123' } });
    if (registered.statusCode === 201) {
      const signedIn = await t.app.inject({
        method: 'POST',
        url: '/api/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `username=${encodeURIComponent(markupName)}&password=secret123`,
      });
      await t.app.inject({ method: 'POST', url: '/api/auth/request-verification', headers: { authorization: `Bearer ${signedIn.json().access_token}` } });
    } else {
      expect(registered.statusCode).toBe(400);
    }
    for (const mail of outbox(t.dataDir)) expect(mail.html).not.toContain('<b>');
  });

  it('logs one JSON line per entry: nothing stored came through as a raw line break or a secret (log-secrets.test.ts greps a whole run)', async () => {
    const text = logLines.join('');
    for (const line of text.split('\n').filter(Boolean)) expect(() => JSON.parse(line)).not.toThrow();
    expect(text).not.toContain('stolen=1\r\n');
    expect(text).not.toContain(apiKey);
    expect(text).not.toContain(owner.token);
  });
});
