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
