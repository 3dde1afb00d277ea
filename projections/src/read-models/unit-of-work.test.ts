import type { Doc } from '@linkledger/contracts';
import { describe, expect, it } from 'vitest';
import { UnitOfWork } from './unit-of-work.ts';

/** A store whose documents are handed out as they are held, as a cache would. */
function storeOf(docs: Record<string, Doc>) {
  let reads = 0;
  const store = {
    get: async <T extends Doc>(_collection: string, id: string | number) => {
      reads += 1;
      return (docs[String(id)] ?? null) as T | null;
    },
    getMany: async <T extends Doc>(_collection: string, ids: (string | number)[]) =>
      new Map(ids.filter((id) => docs[String(id)]).map((id) => [String(id), docs[String(id)] as T])),
  };
  return { store, reads: () => reads };
}

describe('a unit of work changing documents in place', () => {
  it('copies a document on its first change in the batch, leaving the one read untouched, and changes that copy afterwards', async () => {
    const held = { id: 10, owner_id: 1, total_clicks: 5 };
    const { store, reads } = storeOf({ '10': held });
    const tx = new UnitOfWork(store);
    const first = await tx.change<typeof held>('links', 10, (link) => void (link.total_clicks += 1));
    const second = await tx.change<typeof held>('links', 10, (link) => void (link.total_clicks += 1));
    expect(held).toEqual({ id: 10, owner_id: 1, total_clicks: 5 });
    expect(second).toBe(first);
    expect(first).toEqual({ id: 10, owner_id: 1, total_clicks: 7 });
    expect(reads()).toBe(1);
    expect(tx.writes()).toEqual([{ collection: 'links', id: '10', doc: { id: 10, owner_id: 1, total_clicks: 7 } }]);
    expect(await tx.get('links', 10)).toEqual({ id: 10, owner_id: 1, total_clicks: 7 });
  });

  it('copies a document another write of the batch put before changing it, and ignores an unknown one', async () => {
    const { store } = storeOf({});
    const tx = new UnitOfWork(store);
    const put = { id: 3, total_urls: 1, total_clicks: 0 };
    tx.put('link_totals', put);
    const changed = await tx.change<typeof put>('link_totals', 3, (totals) => void (totals.total_clicks += 2));
    expect(put.total_clicks).toBe(0);
    expect(changed).toEqual({ id: 3, total_urls: 1, total_clicks: 2 });
    expect(await tx.change('link_totals', 4, () => undefined)).toBeNull();
    expect(tx.writes().map((write) => write.doc)).toEqual([{ id: 3, total_urls: 1, total_clicks: 2 }]);
  });
});

describe('a unit of work counting', () => {
  const totals = { collection: 'link_totals', id: 1, field: 'total_clicks' };

  it('leaves counts of documents it never reads to the store, summed per document and field, without a read', async () => {
    const { store, reads } = storeOf({ '10': { id: 10, owner_id: 1, total_clicks: 5 } });
    const tx = new UnitOfWork(store);
    await tx.count('links', 10, 'total_clicks', 1, [totals]);
    await tx.count('links', 10, 'total_clicks', 1, [totals]);
    await tx.count('links', 11, 'total_clicks', 1, [totals]);
    expect(reads()).toBe(0);
    expect(tx.writes()).toEqual([]);
    expect(tx.counts()).toEqual([
      { collection: 'links', id: '10', field: 'total_clicks', by: 2, alongside: [{ collection: 'link_totals', id: '1', field: 'total_clicks', by: 2 }] },
      { collection: 'links', id: '11', field: 'total_clicks', by: 1, alongside: [{ collection: 'link_totals', id: '1', field: 'total_clicks', by: 1 }] },
    ]);
  });

  it('shows a document read after counting into it with the counts, and writes them with it instead of leaving them to the store', async () => {
    const held = { id: 10, owner_id: 1, total_clicks: 5 };
    const { store } = storeOf({ '10': held });
    const tx = new UnitOfWork(store);
    await tx.count('links', 10, 'total_clicks', 2, [totals]);
    const changed = await tx.change<typeof held>('links', 10, (link) => void (link.owner_id = 2));
    expect(changed).toEqual({ id: 10, owner_id: 2, total_clicks: 7 });
    expect(held.total_clicks).toBe(5);
    await tx.count('links', 10, 'total_clicks', 1, [totals]);
    expect(tx.writes()).toEqual([{ collection: 'links', id: '10', doc: { id: 10, owner_id: 2, total_clicks: 8 } }]);
    // The link exists: its owner's totals take its counts, whatever the store finds.
    expect(tx.counts()).toEqual([{ collection: 'link_totals', id: '1', field: 'total_clicks', by: 3 }]);
  });

  it('counts nothing into a document the batch deleted or knows to be missing', async () => {
    const { store } = storeOf({ '10': { id: 10, owner_id: 1, total_clicks: 5 } });
    const tx = new UnitOfWork(store);
    await tx.get('links', 10);
    tx.delete('links', 10);
    await tx.prefetch('links', [12]);
    await tx.count('links', 10, 'total_clicks', 1, [totals]);
    await tx.count('links', 12, 'total_clicks', 1, [totals]);
    expect(tx.counts()).toEqual([]);
    expect(tx.writes()).toEqual([{ collection: 'links', id: '10', doc: null }]);
  });

  it('settles the counts that wait on their document before reading a document they add to, counting only those whose document exists', async () => {
    const { store } = storeOf({ '10': { id: 10, owner_id: 1, total_clicks: 5 }, '1': { id: 1, total_urls: 1, total_clicks: 5 } });
    const tx = new UnitOfWork(store);
    await tx.count('links', 10, 'total_clicks', 1, [totals]);
    await tx.count('links', 11, 'total_clicks', 1, [totals]);
    expect(await tx.get('link_totals', 1)).toEqual({ id: 1, total_urls: 1, total_clicks: 6 });
    // Link 10's own count stays with the store; the totals are written whole.
    expect(tx.counts()).toEqual([{ collection: 'links', id: '10', field: 'total_clicks', by: 1 }]);
    expect(tx.writes()).toEqual([{ collection: 'link_totals', id: '1', doc: { id: 1, total_urls: 1, total_clicks: 6 } }]);
  });

  it('counts into a document the batch already holds in memory, reading the counted one only to learn it exists', async () => {
    const { store, reads } = storeOf({ '10': { id: 10, owner_id: 1, total_clicks: 5 } });
    const tx = new UnitOfWork(store);
    tx.put('link_totals', { id: 1, total_urls: 2, total_clicks: 5 });
    await tx.count('links', 10, 'total_clicks', 1, [totals]);
    await tx.count('links', 11, 'total_clicks', 1, [totals]);
    expect(reads()).toBe(0);
    expect(tx.writes()).toEqual([{ collection: 'link_totals', id: '1', doc: { id: 1, total_urls: 2, total_clicks: 6 } }]);
    expect(tx.counts()).toEqual([{ collection: 'links', id: '10', field: 'total_clicks', by: 1 }]);
  });
});
