import type { Doc, DocWrite, ReadStore } from '@linkledger/contracts';

/**
 * The writes of one projection batch, kept in memory until commit: reads see the batch's
 * own earlier writes, and the commit hands the store only each document's final state.
 */
export class UnitOfWork {
  private readonly pending = new Map<string, DocWrite>();

  constructor(private readonly store: ReadStore) {}

  private key(collection: string, id: string | number) {
    return `${collection}\u0000${id}`;
  }

  async get<T extends Doc>(collection: string, id: string | number): Promise<T | null> {
    const write = this.pending.get(this.key(collection, id));
    if (write) return write.doc as T | null;
    return this.store.get<T>(collection, id);
  }

  put(collection: string, doc: Doc): void {
    this.pending.set(this.key(collection, doc.id), { collection, id: String(doc.id), doc });
  }

  delete(collection: string, id: string | number): void {
    this.pending.set(this.key(collection, id), { collection, id: String(id), doc: null });
  }

  /** Applies a change to a document if it exists (events for unknown documents are ignored). */
  async update<T extends Doc>(collection: string, id: string | number, change: (doc: T) => T): Promise<void> {
    const doc = await this.get<T>(collection, id);
    if (doc) this.put(collection, change(doc));
  }

  writes(): DocWrite[] {
    return [...this.pending.values()];
  }
}
