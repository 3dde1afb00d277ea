import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { ReadStore, Where } from '@linkledger/contracts';

/** The behaviour every read store adapter must have; collections are namespaced per test. */
export function readStoreContract(open: () => Promise<ReadStore>) {
  let store: ReadStore;
  let links: string;
  let projector: string;
  beforeEach(async () => {
    store = await open();
    const ns = randomUUID().slice(0, 8);
    links = `links_${ns}`;
    projector = `projector_${ns}`;
    await store.ensureIndex(links, ['owner_id', 'created_at']);
  });
  afterEach(async () => {
    await store.close();
  });

  const seed = async () => {
    const docs = [
      { id: 1, owner_id: 7, title: 'Alpha launch', short_code: 'abc', clicks: 5, created_at: '2026-01-01T00:00:00Z', active: true, via: 'manual' },
      { id: 2, owner_id: 7, title: 'beta notes', short_code: 'xyz', clicks: 50, created_at: '2026-02-01T00:00:00Z', active: false, via: 'api' },
      { id: 3, owner_id: 8, title: 'Gamma', short_code: 'ALPHA1', clicks: 1, created_at: '2026-03-01T00:00:00Z', active: true, via: 'manual' },
      { id: 10, owner_id: 7, title: 'Delta', short_code: 'd10', clicks: 0, created_at: '2026-04-01T00:00:00Z', active: true, via: 'manual' },
    ];
    await store.commit(
      projector,
      docs.map((doc) => ({ collection: links, id: String(doc.id), doc })),
      42,
    );
  };

  it('commits documents with the checkpoint and reads them back', async () => {
    expect(await store.checkpoint(projector)).toBe(0);
    await seed();
    expect(await store.checkpoint(projector)).toBe(42);
    expect(await store.get(links, 2)).toMatchObject({ id: 2, title: 'beta notes', active: false });
    expect(await store.get(links, '99')).toBeNull();
    await store.commit(
      projector,
      [
        { collection: links, id: '2', doc: null },
        { collection: links, id: '1', doc: { id: 1, owner_id: 7, title: 'Renamed', clicks: 6 } },
      ],
      50,
    );
    expect(await store.get(links, 2)).toBeNull();
    expect(await store.get(links, 1)).toMatchObject({ title: 'Renamed', clicks: 6 });
    expect(await store.checkpoint(projector)).toBe(50);
  });

  it('reads several documents at once, keyed by their string id', async () => {
    await seed();
    const found = await store.getMany<{ id: number; title: string }>(links, [2, '10', 99, 2]);
    expect([...found.keys()].sort()).toEqual(['10', '2']);
    expect(found.get('2')).toMatchObject({ id: 2, title: 'beta notes' });
    expect(found.get('10')).toMatchObject({ id: 10, title: 'Delta' });
    expect((await store.getMany(links, [])).size).toBe(0);
    expect((await store.getMany(`other_${links}`, [1, 2])).size).toBe(0);
    // What a commit rewrites (an update) and adds (an insert) reads back alike.
    await store.commit(
      projector,
      [
        { collection: links, id: '2', doc: { id: 2, title: 'beta, renamed' } },
        { collection: links, id: '11', doc: { id: 11, title: 'New' } },
      ],
      43,
    );
    const after = await store.getMany<{ id: number; title: string }>(links, [2, 11]);
    expect(after.get('2')?.title).toBe('beta, renamed');
    expect(after.get('11')?.title).toBe('New');
    expect(await store.count(links)).toBe(5);
  });

  it('filters by equality, booleans, sets, ranges, substrings and alternatives', async () => {
    await seed();
    const ids = async (where: Parameters<ReadStore['find']>[1]) => (await store.find(links, where)).map((d) => d.id);
    expect((await ids({ where: { owner_id: 7 } })).sort((a, b) => Number(a) - Number(b))).toEqual([1, 2, 10]);
    expect(await ids({ where: { active: false } })).toEqual([2]);
    expect(await ids({ where: { via: { in: ['api'] } } })).toEqual([2]);
    expect(await ids({ where: { id: { in: [] } } })).toEqual([]);
    expect(
      await ids({ where: { created_at: { gte: '2026-02-01T00:00:00Z', lt: '2026-04-01T00:00:00Z' } }, sort: [{ field: 'created_at', direction: 'asc' }] }),
    ).toEqual([2, 3]);
    expect(
      await ids({ where: { or: [{ title: { contains: 'ALPHA' } }, { short_code: { contains: 'alpha' } }] }, sort: [{ field: 'id', direction: 'asc' }] }),
    ).toEqual([1, 3]);
    expect(await store.count(links, { owner_id: 7, active: true })).toBe(2);
    expect(await store.count(links)).toBe(4);
  });

  it('filters array fields by holding any or all of some values', async () => {
    await store.ensureIndex(links, ['tag_ids']);
    await store.commit(
      projector,
      [
        { collection: links, id: '1', doc: { id: 1, tag_ids: [1, 2] } },
        { collection: links, id: '2', doc: { id: 2, tag_ids: [2, 3] } },
        { collection: links, id: '3', doc: { id: 3, tag_ids: [] } },
        { collection: links, id: '4', doc: { id: 4 } },
        { collection: links, id: '5', doc: { id: 5, tag_ids: [3, 1, 2] } },
      ],
      42,
    );
    const ids = async (where: NonNullable<Parameters<ReadStore['find']>[1]>['where']) =>
      (await store.find(links, { where, sort: [{ field: 'id', direction: 'asc' }] })).map((d) => d.id);
    expect(await ids({ tag_ids: { has_any: [1] } })).toEqual([1, 5]);
    expect(await ids({ tag_ids: { has_any: [1, 3] } })).toEqual([1, 2, 5]);
    expect(await ids({ tag_ids: { has_any: [] } })).toEqual([]);
    expect(await ids({ tag_ids: { has_all: [1, 2] } })).toEqual([1, 5]);
    expect(await ids({ tag_ids: { has_all: [2, 2, 3] } })).toEqual([2, 5]);
    expect(await ids({ tag_ids: { has_all: [1, 2, 3] } })).toEqual([5]);
    expect(await ids({ tag_ids: { has_all: [] } })).toEqual([1, 2, 3, 4, 5]);
    expect(await ids({ tag_ids: { has_any: [9] } })).toEqual([]);
    expect(await store.count(links, { or: [{ tag_ids: { has_all: [1, 3] } }, { id: 3 }] })).toBe(2);
    // Several conditions on one field: holding (1 or 9) and (3).
    expect(await ids({ and: [{ tag_ids: { has_any: [1, 9] } }, { tag_ids: { has_any: [3] } }] })).toEqual([5]);
    expect(await ids({ id: { lt: 3 }, and: [] })).toEqual([1, 2]);
  });

  it('counts into existing documents only, alongside fields only where the counted document exists, before the commit’s writes', async () => {
    await seed();
    const totals = links.replace('links_', 'totals_');
    await store.commit(projector, [{ collection: totals, id: '7', doc: { id: 7, clicks: 55 } }], 43);
    const alongside = [{ collection: totals, id: '7', field: 'clicks', by: 2 }];
    await store.commit(
      projector,
      [{ collection: links, id: '10', doc: { id: 10, owner_id: 7, title: 'Rewritten', clicks: 0, created_at: '2026-04-01T00:00:00Z' } }],
      44,
      [
        { collection: links, id: '1', field: 'clicks', by: 2, alongside },
        { collection: links, id: '2', field: 'visits', by: 3 },
        // No such link: neither it nor its alongside field is counted.
        { collection: links, id: '99', field: 'clicks', by: 4, alongside: [{ collection: totals, id: '7', field: 'clicks', by: 4 }] },
        // No such totals document: nothing is created.
        { collection: links, id: '3', field: 'clicks', by: 1, alongside: [{ collection: totals, id: '8', field: 'clicks', by: 1 }] },
        // The commit writes link 10 whole after counting: its write wins.
        { collection: links, id: '10', field: 'clicks', by: 9, alongside },
      ],
    );
    expect(await store.checkpoint(projector)).toBe(44);
    expect(await store.get(links, 1)).toMatchObject({ clicks: 7, title: 'Alpha launch', owner_id: 7 });
    expect(await store.get(links, 2)).toMatchObject({ clicks: 50, visits: 3 });
    expect(await store.get(links, 3)).toMatchObject({ clicks: 2 });
    expect(await store.get(links, 10)).toMatchObject({ clicks: 0, title: 'Rewritten' });
    expect(await store.get(links, 99)).toBeNull();
    expect(await store.get(totals, 7)).toEqual({ id: 7, clicks: 59 });
    expect(await store.get(totals, 8)).toBeNull();
  });

  it('keeps an indexed field counted into queryable by its new value', async () => {
    await seed();
    await store.ensureIndex(links, ['clicks']);
    await store.commit(projector, [], 43, [{ collection: links, id: '3', field: 'clicks', by: 60 }]);
    const ids = async (where: Where) => (await store.find(links, { where, sort: [{ field: 'id', direction: 'asc' }] })).map((d) => d.id);
    expect(await ids({ clicks: { gte: 50 } })).toEqual([2, 3]);
    expect(await ids({ clicks: 61 })).toEqual([3]);
    expect(await ids({ owner_id: 8 })).toEqual([3]);
  });

  it('sorts, skips and limits', async () => {
    await seed();
    const byClicks = await store.find(links, { where: { owner_id: 7 }, sort: [{ field: 'clicks', direction: 'desc' }] });
    expect(byClicks.map((d) => d.id)).toEqual([2, 1, 10]);
    const page = await store.find(links, { sort: [{ field: 'created_at', direction: 'desc' }], skip: 1, limit: 2 });
    expect(page.map((d) => d.id)).toEqual([3, 2]);
    const byTitle = await store.find(links, { where: { owner_id: 7 }, sort: [{ field: 'title', direction: 'asc' }] });
    expect(byTitle.map((d) => d.title)).toEqual(['Alpha launch', 'Delta', 'beta notes']);
  });

  it('resets a projector', async () => {
    await seed();
    await store.reset(projector, [links]);
    expect(await store.count(links)).toBe(0);
    expect(await store.checkpoint(projector)).toBe(0);
  });

  it('rebuilds into a copy beside the live collections, then puts it in their place', async () => {
    await seed();
    // Another projector's documents, which the swap must keep.
    const others = links.replace('links_', 'others_');
    await store.commit(`${projector}_b`, [{ collection: others, id: '1', doc: { id: 1, kept: true } }], 7);
    const shadow = await store.shadow(projector, [links]);
    await shadow.ensureIndex(links, ['owner_id', 'created_at']);
    expect(await shadow.checkpoint(projector)).toBe(0);
    expect(await shadow.get(links, 1)).toBeNull();
    const rebuilt = { id: 1, owner_id: 7, title: 'Rebuilt', created_at: '2026-01-01T00:00:00Z' };
    await shadow.commit(projector, [{ collection: links, id: '1', doc: { ...rebuilt, clicks: 1 } }], 41);
    await shadow.commit(projector, [], 42, [{ collection: links, id: '1', field: 'clicks', by: 2 }]);
    expect(await shadow.get(links, 1)).toMatchObject({ title: 'Rebuilt', clicks: 3 });
    await shadow.commit(projector, [{ collection: links, id: '1', doc: rebuilt }], 42);
    expect((await shadow.getMany(links, [1, 2])).size).toBe(1);
    // The live collections answer as before until the copy is promoted.
    expect(await store.count(links)).toBe(4);
    expect(await store.get(links, 1)).toMatchObject({ title: 'Alpha launch' });
    const dropRetired = await shadow.promote();
    expect(await store.count(links)).toBe(1);
    await dropRetired();
    expect(await store.count(links)).toBe(1);
    expect(await store.find(links, { where: { owner_id: 7 } })).toEqual([rebuilt]);
    expect(await store.checkpoint(projector)).toBe(42);
    expect(await store.get(others, 1)).toEqual({ id: 1, kept: true });
    expect(await store.checkpoint(`${projector}_b`)).toBe(7);
    // The store goes on as before; a copy dropped leaves it alone.
    await store.commit(projector, [{ collection: links, id: '2', doc: { id: 2, owner_id: 7, title: 'After' } }], 43);
    const dropped = await store.shadow(projector, [links]);
    await dropped.commit(projector, [{ collection: links, id: '9', doc: { id: 9, owner_id: 7 } }], 50);
    await dropped.discard();
    expect((await store.find(links, { sort: [{ field: 'id', direction: 'asc' }] })).map((doc) => doc.id)).toEqual([1, 2]);
    expect(await store.checkpoint(projector)).toBe(43);
  });

  it('refuses field names that are not plain identifiers', async () => {
    await expect(store.find(links, { where: { "x') OR 1=1 --": 1 } })).rejects.toThrow(/Invalid field name/);
  });

  it('answers ping', async () => {
    await expect(store.ping()).resolves.toBeUndefined();
  });
}
