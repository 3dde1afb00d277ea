import type { Doc, DocWrite, ReadStore } from '@linkledger/contracts';
import { DEFAULT_CLASSIFIER, type BotClassifier } from '../clicks/bot-policy.ts';

/**
 * The writes of one projection batch, kept in memory until commit: reads see the batch's
 * own earlier writes, and the commit hands the store only each document's final state.
 * Documents the batch will read can be fetched ahead, one query per collection
 * (`prefetch`), so that applying the batch costs a map lookup per read, not a query.
 * `bots` is the bot policy in force for the event being applied (handlers count human clicks).
 */
export class UnitOfWork {
  private readonly pending = new Map<string, DocWrite>();
  /** Store state read ahead, before any of this batch's writes: a document, or null for none. */
  private readonly loaded = new Map<string, Doc | null>();
  /** The documents change() copied in this batch: only these are changed in place. */
  private readonly copies = new Set<Doc>();

  constructor(
    private readonly store: Pick<ReadStore, 'get' | 'getMany'>,
    public bots: BotClassifier = DEFAULT_CLASSIFIER,
  ) {}

  private key(collection: string, id: string | number) {
    return `${collection}\u0000${id}`;
  }

  /** Reads ahead the documents of `ids` not read or written yet in this batch. */
  async prefetch(collection: string, ids: Iterable<string | number>): Promise<void> {
    const wanted = new Map<string, string | number>();
    for (const id of ids) {
      const key = this.key(collection, id);
      if (!this.pending.has(key) && !this.loaded.has(key)) wanted.set(key, id);
    }
    if (wanted.size === 0) return;
    const found = await this.store.getMany(collection, [...wanted.values()]);
    for (const [key, id] of wanted) this.loaded.set(key, found.get(String(id)) ?? null);
  }

  async get<T extends Doc>(collection: string, id: string | number): Promise<T | null> {
    const key = this.key(collection, id);
    const write = this.pending.get(key);
    if (write) return write.doc as T | null;
    const loaded = this.loaded.get(key);
    if (loaded !== undefined) return loaded as T | null;
    return this.store.get<T>(collection, id);
  }

  put(collection: string, doc: Doc): void {
    this.pending.set(this.key(collection, doc.id), { collection, id: String(doc.id), doc });
  }

  delete(collection: string, id: string | number): void {
    this.pending.set(this.key(collection, id), { collection, id: String(id), doc: null });
  }

  /**
   * Changes a document in place if it exists and returns it (null for an unknown document).
   * The first change in a batch works on a shallow copy, so the document as read stays as
   * read; later changes in the batch reuse that copy: a popular link's clicks in one batch
   * cost one copy, not one each.
   */
  async change<T extends Doc>(collection: string, id: string | number, apply: (doc: T) => void): Promise<T | null> {
    const pending = this.pending.get(this.key(collection, id));
    if (pending?.doc && this.copies.has(pending.doc)) {
      apply(pending.doc as T);
      return pending.doc as T;
    }
    const doc = await this.get<T>(collection, id);
    if (!doc) return null;
    const copy = { ...doc };
    apply(copy);
    this.copies.add(copy);
    this.put(collection, copy);
    return copy;
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
