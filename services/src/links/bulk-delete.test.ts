import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINKS } from '@linkledger/projections';
import { givePlan } from '../testing/plans.ts';
import { signUp, startTestApp, type TestApp } from '../testing/test-app.ts';

describe('POST /api/urls/bulk-delete', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let otherHeaders: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp();
    const account = await signUp(t.app, 'bulk@example.com');
    headers = account.headers;
    // Up to 100 links at once: more than the free plan's month allows.
    await givePlan(t.platform, account.user.id, 'pro');
    otherHeaders = (await signUp(t.app, 'bulk-other@example.com')).headers;
  });
  afterAll(async () => t.close());

  const create = async (as: Record<string, string>, n: number) =>
    (await t.app.inject({ method: 'POST', url: '/api/urls', headers: as, payload: { original_url: `https://example.com/${n}` } })).json<{
      id: number;
      short_code: string;
    }>();
  const bulkDelete = (payload: unknown, as = headers) =>
    t.app.inject({ method: 'POST', url: '/api/urls/bulk-delete', headers: as, payload: payload as object });
  const exists = async (id: number) => (await t.app.inject({ url: `/api/urls/${id}`, headers })).statusCode === 200;

  it('refuses the whole request when an id is not the caller’s link, naming the ids, and deletes nothing', async () => {
    const mine = await create(headers, 1);
    const theirs = await create(otherHeaders, 2);
    const before = await t.platform.events.headPosition();
    const one = await bulkDelete({ ids: [mine.id, theirs.id] });
    expect(one.statusCode).toBe(404);
    expect(one.json()).toEqual({ detail: `URL not found: ${theirs.id}. Nothing was deleted.` });
    const several = await bulkDelete({ ids: [mine.id, 99_999, theirs.id] });
    expect(several.json()).toEqual({ detail: `URLs not found: 99999, ${theirs.id}. Nothing was deleted.` });
    expect(await t.platform.events.headPosition()).toBe(before);
    expect(await exists(mine.id)).toBe(true);
    expect((await t.app.inject({ url: `/api/urls/${theirs.id}`, headers: otherHeaders })).statusCode).toBe(200);
  });

  it('deletes the caller’s links together (repeated ids once), and their short links stop working', async () => {
    const [a, b, c] = [await create(headers, 3), await create(headers, 4), await create(headers, 5)];
    const response = await bulkDelete({ ids: [a.id, b.id, a.id] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: '2 URLs deleted successfully', deleted: [a.id, b.id] });
    expect(await exists(a.id)).toBe(false);
    expect(await exists(b.id)).toBe(false);
    expect(await exists(c.id)).toBe(true);
    expect((await t.app.inject({ url: `/${a.short_code}` })).statusCode).toBe(404);
    const again = await bulkDelete({ ids: [a.id] });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: `URL not found: ${a.id}. Nothing was deleted.` });
    expect((await bulkDelete({ ids: [c.id] })).json()).toEqual({ message: '1 URL deleted successfully', deleted: [c.id] });
  });

  it('deletes up to 100 links in one atomic append', async () => {
    const links = [];
    for (let i = 0; i < 100; i++) links.push(await create(headers, 100 + i));
    const before = await t.platform.read.count(LINKS);
    const response = await bulkDelete({ ids: links.map((l) => l.id) });
    expect(response.json().deleted).toHaveLength(100);
    expect(await t.platform.read.count(LINKS)).toBe(before - 100);
    const deletions = (await Promise.all(links.map((l) => t.platform.events.readStream(`link-${l.id}`)))).map((stream) => stream.at(-1)!);
    expect(deletions.every((e) => e.type === 'LinkDeleted')).toBe(true);
    const positions = deletions.map((e) => e.position).sort((x, y) => x - y);
    expect(positions.at(-1)! - positions[0]!).toBe(99);
    expect(new Set(deletions.map((e) => e.metadata.correlation_id)).size).toBe(1);
  });

  it('refuses a malformed list', async () => {
    const refusals: [unknown, string][] = [
      [{}, 'IDs is required: a list of 1 to 100 URL ids'],
      [{ ids: [] }, 'IDs must list at least 1 URL id'],
      [{ ids: Array.from({ length: 101 }, (_, i) => i + 1) }, 'IDs must list at most 100 URL ids'],
      [{ ids: ['a'] }, 'Each id must be a URL id (a whole number)'],
      [{ ids: [1, 0] }, 'Each id must be a URL id (a whole number)'],
    ];
    for (const [body, detail] of refusals) {
      const response = await bulkDelete(body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(response.json().detail).toBe(detail);
    }
  });
});
