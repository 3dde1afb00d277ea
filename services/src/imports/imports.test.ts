import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseCsv } from 'csv-parse/sync';
import { toNewEvent } from '../commands/command-context.ts';
import { LINKS, type LinkView } from '@linkledger/projections';
import type { EventStore, ImportJobDetails, ImportJobResponse, NewEvent } from '@linkledger/contracts';
import { givePlan } from '../testing/plans.ts';
import { projectorsCaughtUp } from '../testing/projectors.ts';
import { post, signUp, startTestApp, type Session, type TestApp } from '../testing/test-app.ts';
import type { ImportedLink, ImportSource } from './import-source.ts';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const csvOf = (rows: string[][]) => ['url,code,title,tags', ...rows.map((row) => row.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(','))].join('\n');
const manyRows = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, i) => [`https://example.com/${prefix}/${i + 1}`, `${prefix}${i + 1}`, `Row ${i + 1}`, '']);

async function startImport(t: TestApp, session: Session, body: Record<string, unknown>): Promise<ImportJobResponse> {
  const started = await post(t.app, '/api/imports', session.headers, body);
  expect(started.statusCode, started.body).toBe(201);
  return started.json<ImportJobResponse>();
}

async function jobAfterRounds(t: TestApp, session: Session, id: number): Promise<ImportJobDetails> {
  await t.platform.importRunner!.tick();
  const answered = await t.app.inject({ url: `/api/imports/${id}`, headers: session.headers });
  expect(answered.statusCode).toBe(200);
  return answered.json<ImportJobDetails>();
}

const importedLinks = async (t: TestApp, ownerId: number) =>
  (await t.platform.read.find<LinkView>(LINKS, { where: { owner_id: ownerId }, limit: 10_000 })).filter((link) => link.imported_from);

describe('CSV imports', () => {
  let t: TestApp;
  let owner: Session;
  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL: 'https://lnk.example' });
    owner = await signUp(t.app, 'importer@example.com');
    await givePlan(t.platform, owner.user.id, 'pro');
  });
  afterAll(async () => t.close());

  it('imports every row page by page: codes kept when free, a new one drawn when taken, bad rows failed with the reason, hostile cells inert in the result file', async () => {
    const other = await signUp(t.app, 'holder@example.com');
    await post(t.app, '/api/urls', other.headers, { original_url: 'https://example.com/held', short_code: 'held-code' });
    const rows = [
      ...manyRows(148, 'csvkeep'),
      ['https://example.com/taken', 'held-code', '=HYPERLINK("http://evil.example")', ''],
      ['javascript:alert(1)', 'csvbad', 'Not a web address', ''],
      ['https://example.com/formula', '=cmd|" /C calc"!A0', 'Formula code', ''],
    ];
    const job = await startImport(t, owner, { source: 'csv', file: csvOf(rows) });
    expect(job).toMatchObject({ source: 'csv', status: 'running' });

    const done = await jobAfterRounds(t, owner, job.id);
    expect(done).toMatchObject({
      status: 'finished',
      pages: 2,
      rows_done: 151,
      total: 151,
      counts: { created: 148, code_changed: 2, duplicate: 0, failed: 1 },
    });
    expect(done.outcomes.map((row) => row.row)).toEqual(Array.from({ length: 151 }, (_, i) => i + 1));
    expect(done.outcomes[0]).toEqual({
      row: 1,
      original_short_url: 'csvkeep1',
      outcome: 'created',
      link_id: expect.any(Number),
      short_url: 'https://lnk.example/csvkeep1',
      reason: null,
    });
    const taken = done.outcomes[148]!;
    expect(taken).toMatchObject({ outcome: 'code_changed', original_short_url: 'held-code' });
    expect(taken.short_url).not.toBe('https://lnk.example/held-code');
    expect(done.outcomes[149]).toMatchObject({ outcome: 'failed', link_id: null, reason: expect.stringMatching(/Destination/) });

    const link = await t.platform.read.get<LinkView>(LINKS, done.outcomes[0]!.link_id!);
    expect(link).toMatchObject({
      owner_id: owner.user.id,
      short_code: 'csvkeep1',
      title: 'Row 1',
      imported_from: { source: 'csv', job_id: job.id, original_short_url: 'csvkeep1' },
    });

    const result = await t.app.inject({ url: `/api/imports/${job.id}/result.csv`, headers: owner.headers });
    expect(result.statusCode).toBe(200);
    expect(result.headers['content-type']).toBe('text/csv; charset=utf-8');
    const table = parseCsv(result.body, { bom: true }) as string[][];
    expect(table[0]).toEqual(['Row', 'Old short URL', 'New short URL', 'Outcome', 'Reason']);
    expect(table[1]).toEqual(['1', 'csvkeep1', 'https://lnk.example/csvkeep1', 'created', '']);
    // A code a spreadsheet would run as a formula comes back out as text.
    expect(table[151]![1]).toBe(`'=cmd|" /C calc"!A0`);
    expect(table.slice(1).every((row) => !/^[=+\-@]/.test(row[1]!))).toBe(true);

    const listed = await t.app.inject({ url: '/api/imports', headers: owner.headers });
    expect(listed.json<{ imports: ImportJobResponse[] }>().imports.map((listedJob) => listedJob.id)).toContain(job.id);
    // Another workspace sees nothing of it.
    expect((await t.app.inject({ url: `/api/imports/${job.id}`, headers: other.headers })).statusCode).toBe(403);
  });

  it('skips links an earlier import already brought, as duplicates that name the link', async () => {
    const first = await startImport(t, owner, { source: 'csv', file: csvOf([['https://example.com/dup', 'dupcode', 'Dup', '']]) });
    const firstDone = await jobAfterRounds(t, owner, first.id);
    const second = await startImport(t, owner, { source: 'csv', file: csvOf([['https://example.com/dup', 'dupcode', 'Dup', '']]) });
    const secondDone = await jobAfterRounds(t, owner, second.id);
    expect(secondDone.counts).toEqual({ created: 0, code_changed: 0, duplicate: 1, failed: 0 });
    expect(secondDone.outcomes[0]).toMatchObject({
      outcome: 'duplicate',
      link_id: firstDone.outcomes[0]!.link_id,
      reason: `Already imported (import ${first.id})`,
    });
  });

  it('refuses a file without a url column, and an API source whose credential cannot be one, recording nothing of it', async () => {
    const noUrl = await post(t.app, '/api/imports', owner.headers, { source: 'csv', file: 'code,title\nabc,Title\n' });
    expect(noUrl.statusCode).toBe(400);
    expect(noUrl.json()).toMatchObject({ field: 'file' });
    const credential = `secret-token-${randomUUID()}`;
    const bitly = await post(t.app, '/api/imports', owner.headers, { source: 'bitly', credential: `${credential}\r\nX-Injected: 1` });
    expect(bitly.statusCode).toBe(400);
    expect(bitly.json()).toMatchObject({ field: 'credential', detail: expect.stringMatching(/not a Bitly credential/) });
    expect(bitly.body).not.toContain(credential);
    const everything = await t.platform.events.readAll({ limit: 100_000 });
    expect(JSON.stringify(everything)).not.toContain(credential);
    const unknown = await post(t.app, '/api/imports', owner.headers, { source: 'csv', file: 'url\n', sheet: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ field: 'sheet' });
  });

  it('takes a file of 5 MB and refuses a larger one', async () => {
    const row = `https://example.com/${'p'.repeat(1000)}\n`;
    const big = `url\n${row.repeat(Math.floor((5 * 1024 * 1024 - 4) / row.length) + 1)}`;
    const refused = await post(t.app, '/api/imports', owner.headers, { source: 'csv', file: big });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toMatch(/5 MB/);
  });
});

describe('an import that stops', () => {
  let t: TestApp;
  let owner: Session;
  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL: 'https://lnk.example' });
    owner = await signUp(t.app, 'stopper@example.com');
    await givePlan(t.platform, owner.user.id, 'pro');
  });
  afterAll(async () => t.close());

  const link = (n: number): ImportedLink => ({
    shortUrl: `https://old.example/flaky${n}`,
    code: `flaky${n}`,
    domain: null,
    destination: `https://example.com/flaky/${n}`,
    title: `Flaky ${n}`,
    tags: [],
    createdAt: null,
    startsAt: null,
    expiresAt: null,
    maxClicks: null,
    clicks: n === 1 ? 3 : 0,
    visits: n === 1 ? [{ at: '2026-11-02T03:04:05.000Z', country: 'IN', referrer: 'old.example', userAgent: PHONE }] : [],
  });

  it('fails resumable when its source fails on page 2, and a resume continues from page 2 with no duplicates', async () => {
    let failing = true;
    const source: ImportSource = {
      name: 'csv',
      page: async (cursor) => {
        if (cursor === null) return { links: [link(1), link(2)], next: 'p2', total: 4 };
        if (failing) throw new Error('The source answered 502');
        return { links: [link(3), link(4)], next: null, total: 4 };
      },
    };
    t.platform.importRunner!.openSource = () => source;
    const job = await startImport(t, owner, { source: 'csv', file: 'url\nhttps://example.com/ignored\n' });
    const stopped = await jobAfterRounds(t, owner, job.id);
    expect(stopped).toMatchObject({
      status: 'failed',
      failure: { reason: 'The source failed: The source answered 502', resumable: true },
      pages: 1,
      rows_done: 2,
    });

    failing = false;
    const resumed = await t.app.inject({ method: 'POST', url: `/api/imports/${job.id}/resume`, headers: owner.headers });
    expect(resumed.statusCode).toBe(200);
    const finished = await jobAfterRounds(t, owner, job.id);
    expect(finished).toMatchObject({ status: 'finished', pages: 2, rows_done: 4, counts: { created: 4, code_changed: 0, duplicate: 0, failed: 0 } });
    const links = await importedLinks(t, owner.user.id);
    expect(links.map((imported) => imported.short_code).sort()).toEqual(['flaky1', 'flaky2', 'flaky3', 'flaky4']);
    // Imported visits sit apart from live clicks: one listed visit and two counted ones.
    const visits = await t.platform.events.readStream(`imported-visits-${finished.outcomes[0]!.link_id}`);
    expect(visits.map((event) => event.type)).toEqual(['VisitsImported', 'ClickCountImported']);
    expect(links.find((imported) => imported.short_code === 'flaky1')!.total_clicks).toBe(0);
    await projectorsCaughtUp(t.platform);
    const analytics = await t.app.inject({ url: `/api/urls/${finished.outcomes[0]!.link_id}/analytics`, headers: owner.headers });
    expect(analytics.statusCode, analytics.body).toBe(200);
    expect(analytics.json()).toMatchObject({ imported_clicks: 1, unique_visitors: 0, top_countries: [{ country: 'IN', count: 1 }] });
    expect(analytics.json().clicks_by_date.find((day: { date: string }) => day.date === '2026-11-02')).toEqual({ date: '2026-11-02', clicks: 1 });
    // Finished: nothing to resume.
    expect((await t.app.inject({ method: 'POST', url: `/api/imports/${job.id}/resume`, headers: owner.headers })).statusCode).toBe(409);
  });

  it('stops failed resumable when the monthly link limit runs out, and a resume after the limit is raised brings the rest', async () => {
    const limited = await signUp(t.app, 'limited@example.com');
    await givePlan(t.platform, limited.user.id, 'pro');
    const setLimit = async (monthly: number | null) => {
      const metadata = {
        actor: { kind: 'system' as const, id: 'test' },
        correlation_id: randomUUID(),
        causation_id: randomUUID(),
        at: new Date().toISOString(),
      };
      const data = { user_id: limited.user.id, monthly_links: monthly, api_calls_per_minute: null, custom_domains: null, is_unlimited: false };
      const { position } = await t.platform.events.append([
        { stream: `subscription-${limited.user.id}`, expected: 'any', events: [toNewEvent({ type: 'CustomLimitsSet', data }, metadata)] },
      ]);
      await t.platform.readModel.waitFor(position, 5000);
    };
    await setLimit(3);
    t.platform.importRunner!.openSource = (started, file) => {
      void started;
      return {
        name: 'csv',
        page: async () => ({
          links: (file ?? '')
            .split('\n')
            .slice(1)
            .map((_, i) => link(100 + i)),
          next: null,
        }),
      };
    };
    const job = await startImport(t, limited, { source: 'csv', file: 'url\na\nb\nc\nd\ne' });
    const stopped = await jobAfterRounds(t, limited, job.id);
    expect(stopped).toMatchObject({ status: 'failed', failure: { resumable: true }, pages: 0 });
    expect(stopped.failure!.reason).toMatch(/continues where it stopped/);
    expect(await importedLinks(t, limited.user.id)).toHaveLength(3);

    await setLimit(100);
    expect((await t.app.inject({ method: 'POST', url: `/api/imports/${job.id}/resume`, headers: limited.headers })).statusCode).toBe(200);
    const finished = await jobAfterRounds(t, limited, job.id);
    expect(finished).toMatchObject({ status: 'finished', rows_done: 5, counts: { created: 5, code_changed: 0, duplicate: 0, failed: 0 } });
    expect(await importedLinks(t, limited.user.id)).toHaveLength(5);
  });

  it('cancels a job: it records no further page, and cannot be resumed', async () => {
    t.platform.importRunner!.openSource = () => ({ name: 'csv', page: async () => Promise.reject(new Error('down')) });
    const job = await startImport(t, owner, { source: 'csv', file: 'url\nhttps://example.com/x\n' });
    await jobAfterRounds(t, owner, job.id);
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/imports/${job.id}/cancel`, headers: owner.headers });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect((await t.app.inject({ method: 'POST', url: `/api/imports/${job.id}/resume`, headers: owner.headers })).statusCode).toBe(409);
  });
});

describe('an import across a restart', () => {
  it('resumes at start from its last recorded page, and the page that was cut off creates no duplicate links', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'linkledger-import-'));
    let pagesRecorded = 0;
    let died = false;
    // The first process dies while recording page 2: its links are written, the page is not.
    const dying = (store: EventStore): EventStore =>
      new Proxy(store, {
        get(target, property) {
          if (property === 'append')
            return async (streams: { events: NewEvent[] }[]) => {
              if (died) throw new Error('the process has stopped');
              if (streams.some((stream) => stream.events.some((event) => event.type === 'ImportPageDone')) && ++pagesRecorded === 2) {
                died = true;
                throw new Error('the process has stopped');
              }
              return target.append(streams as Parameters<EventStore['append']>[0]);
            };
          const value = Reflect.get(target, property, target) as unknown;
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
      });
    try {
      const first = await startTestApp(
        { PUBLIC_URL: 'https://lnk.example' },
        { dataDir, wrapStores: { events: dying }, log: { info: () => {}, error: () => {} } },
      );
      const owner = await signUp(first.app, 'restart@example.com');
      await givePlan(first.platform, owner.user.id, 'pro');
      const job = await startImport(first, owner, { source: 'csv', file: csvOf(manyRows(250, 'restart')) });
      await first.platform.importRunner!.tick();
      expect(died).toBe(true);
      await first.close();

      const second = await startTestApp({ PUBLIC_URL: 'https://lnk.example' }, { dataDir });
      try {
        const done = await jobAfterRounds(second, owner, job.id);
        expect(done).toMatchObject({ status: 'finished', pages: 3, rows_done: 250, counts: { created: 250, code_changed: 0, duplicate: 0, failed: 0 } });
        expect(new Set(done.outcomes.map((row) => row.row)).size).toBe(250);
        const links = await importedLinks(second, owner.user.id);
        expect(links).toHaveLength(250);
        expect(new Set(links.map((imported) => imported.short_code)).size).toBe(250);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
