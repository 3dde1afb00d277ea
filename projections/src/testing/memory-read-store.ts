import type { Doc, DocCount, DocField, DocWrite, Query, ReadStore, ReadStoreShadow, Where } from '@linkledger/contracts';

/**
 * A read store in memory, for the projectors' own tests: documents by collection and id,
 * checkpoints, atomic commits. `find` and `count` match plain field equality only.
 */
export class MemoryReadStore implements ReadStore {
  readonly adapter = 'memory';
  readonly collections = new Map<string, Map<string, Doc>>();
  private readonly checkpoints = new Map<string, number>();
  commits = 0;

  private collection(name: string): Map<string, Doc> {
    let found = this.collections.get(name);
    if (!found) this.collections.set(name, (found = new Map()));
    return found;
  }

  async get<T extends Doc>(collection: string, id: string | number): Promise<T | null> {
    return (this.collection(collection).get(String(id)) as T | undefined) ?? null;
  }

  async getMany<T extends Doc>(collection: string, ids: readonly (string | number)[]): Promise<Map<string, T>> {
    const found = new Map<string, T>();
    for (const id of ids) {
      const doc = this.collection(collection).get(String(id));
      if (doc) found.set(String(id), doc as T);
    }
    return found;
  }

  async find<T extends Doc>(collection: string, query: Query = {}): Promise<T[]> {
    return [...this.collection(collection).values()].filter((doc) => matches(doc, query.where)) as T[];
  }

  async count(collection: string, where?: Where): Promise<number> {
    return (await this.find(collection, where ? { where } : {})).length;
  }

  async ensureIndex(): Promise<void> {}

  async checkpoint(projector: string): Promise<number> {
    return this.checkpoints.get(projector) ?? 0;
  }

  async commit(projector: string, writes: readonly DocWrite[], checkpoint: number, counts: readonly DocCount[] = []): Promise<void> {
    // Counts first, into the documents as they were (ReadStore.commit).
    for (const count of counts) {
      if (!this.addTo(count, count.by)) continue;
      for (const also of count.alongside ?? []) this.addTo(also, also.by);
    }
    for (const { collection, id, doc } of writes) {
      if (doc === null) this.collection(collection).delete(id);
      else this.collection(collection).set(id, structuredClone(doc));
    }
    this.checkpoints.set(projector, checkpoint);
    this.commits += 1;
  }

  private addTo({ collection, id, field }: DocField, by: number): boolean {
    const doc = this.collection(collection).get(id);
    if (!doc) return false;
    const value = doc[field];
    this.collection(collection).set(id, { ...doc, [field]: (typeof value === 'number' ? value : 0) + by });
    return true;
  }

  async reset(projector: string, collections: readonly string[]): Promise<void> {
    for (const name of collections) this.collections.delete(name);
    this.checkpoints.delete(projector);
  }

  /** A copy in a second memory store; promoting moves its collections and checkpoint here. */
  async shadow(projector: string, collections: readonly string[]): Promise<ReadStoreShadow> {
    const copy = new MemoryReadStore();
    return {
      get: (collection, id) => copy.get(collection, id),
      getMany: (collection, ids) => copy.getMany(collection, ids),
      ensureIndex: async () => undefined,
      checkpoint: (name) => copy.checkpoint(name),
      commit: (name, writes, checkpoint, counts) => copy.commit(name, writes, checkpoint, counts),
      reset: (name, names) => copy.reset(name, names),
      promote: async () => {
        for (const name of collections) this.collections.set(name, copy.collection(name));
        this.checkpoints.set(projector, await copy.checkpoint(projector));
        return async () => undefined;
      },
      discard: async () => undefined,
    };
  }

  async ping(): Promise<void> {}
  async close(): Promise<void> {}

  /** Every document, by collection, for comparing whole read models. */
  snapshot(): Record<string, Record<string, Doc>> {
    return Object.fromEntries([...this.collections].map(([name, docs]) => [name, Object.fromEntries(docs)]));
  }
}

function matches(doc: Doc, where: Where | undefined): boolean {
  if (!where) return true;
  return Object.entries(where).every(([field, condition]) => {
    if (condition !== null && typeof condition === 'object') throw new Error(`MemoryReadStore matches plain equality only (${field})`);
    return doc[field] === condition;
  });
}
