import type { Doc, DocCount, DocField, DocWrite, ReadStore } from '@linkledger/contracts';
import { DEFAULT_CLASSIFIER, type BotClassifier } from '../clicks/bot-policy.ts';

/**
 * The writes of one projection batch, kept in memory until commit: reads see the batch's
 * own earlier writes, and the commit hands the store only each document's final state.
 * Documents the batch will read can be fetched ahead, one query per collection
 * (`prefetch`), so that applying the batch costs a map lookup per read, not a query.
 * Additions to a field (`count`) need no read at all: the store makes them at commit, unless
 * the batch reads or writes that document, which then sees them (docs/architecture.md#read-model-counts).
 * `bots` is the bot policy in force for the event being applied (handlers count human clicks).
 */
export class UnitOfWork {
  private readonly pending = new Map<string, DocWrite>();
  /** Additions to documents the batch holds no copy of, by document: the store makes them. */
  private readonly counted = new Map<string, PendingCount>();
  /** The documents some of those counts add to as well, if theirs exists (may hold ones settled since). */
  private readonly awaited = new Set<string>();
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

  /** Reads the store's state of the `ids` it has not read yet, written by the batch or not. */
  private async load(collection: string, ids: Iterable<string>): Promise<void> {
    const wanted = [...ids].filter((id) => !this.loaded.has(this.key(collection, id)));
    if (wanted.length === 0) return;
    const found = await this.store.getMany(collection, wanted);
    for (const id of wanted) this.loaded.set(this.key(collection, id), found.get(id) ?? null);
  }

  async get<T extends Doc>(collection: string, id: string | number): Promise<T | null> {
    const key = this.key(collection, id);
    const write = this.pending.get(key);
    if (write) return write.doc as T | null;
    await this.settleAlongside(key);
    const loaded = this.loaded.get(key);
    const doc = loaded !== undefined ? loaded : await this.store.get<T>(collection, id);
    const count = this.counted.get(key);
    if (!count) return doc as T | null;
    // The batch counted into this document before reading it: the reader sees, and the
    // commit writes, the document with those additions (no longer left to the store).
    this.counted.delete(key);
    if (!doc) return null;
    const copy: Doc = { ...doc };
    for (const [field, by] of count.fields) addTo(copy, field, by);
    this.copies.add(copy);
    this.put(collection, copy);
    for (const also of count.alongside.values()) await this.count(also.collection, also.id, also.field, also.by);
    return copy as T;
  }

  /**
   * Counts waiting on whether their document exists to add to the document of `key` too
   * (a link's clicks to its owner's totals): settled before that document is read, so the
   * reader sees them.
   */
  private async settleAlongside(key: string): Promise<void> {
    if (!this.awaited.delete(key)) return;
    const waiting = [...this.counted.values()].filter((count) => [...count.alongside.values()].some((also) => this.key(also.collection, also.id) === key));
    if (waiting.length === 0) return;
    const byCollection = new Map<string, string[]>();
    for (const { collection, id } of waiting) byCollection.set(collection, [...(byCollection.get(collection) ?? []), id]);
    for (const [collection, ids] of byCollection) await this.load(collection, ids);
    for (const count of waiting) {
      const alongside = [...count.alongside.values()];
      count.alongside.clear();
      // The store counts into the document as it was before the batch's writes: so does this.
      if (!this.loaded.get(this.key(count.collection, count.id))) {
        this.counted.delete(this.key(count.collection, count.id));
        continue;
      }
      for (const also of alongside) await this.count(also.collection, also.id, also.field, also.by);
    }
  }

  /**
   * Adds `by` to a numeric field of a document if it exists, and then to each `alongside`
   * field too (a click: to its link, and to the link's owner's totals). Without a read: the
   * store makes the additions at commit, unless the batch holds the document (it then gets
   * them in memory) or reads it later (it sees them). A put or delete of the document later
   * in the batch, without reading it, replaces what was counted.
   */
  async count(collection: string, id: string | number, field: string, by: number, alongside: readonly AlongsideField[] = []): Promise<void> {
    const key = this.key(collection, id);
    // A field the batch holds a copy of takes the addition in memory, if the document exists.
    if (!this.pending.has(key) && !this.loaded.has(key) && alongside.some((also) => this.pending.has(this.key(also.collection, also.id))))
      await this.load(collection, [String(id)]);
    if (this.pending.has(key)) {
      const doc = await this.change(collection, id, (held) => addTo(held, field, by));
      if (doc) for (const also of alongside) await this.count(also.collection, also.id, also.field, by);
      return;
    }
    const loaded = this.loaded.get(key);
    if (loaded === null) return;
    let count = this.counted.get(key);
    if (!count) this.counted.set(key, (count = { collection, id: String(id), fields: new Map(), alongside: new Map() }));
    count.fields.set(field, (count.fields.get(field) ?? 0) + by);
    for (const also of alongside) {
      if (loaded) {
        await this.count(also.collection, also.id, also.field, by);
        continue;
      }
      this.awaited.add(this.key(also.collection, also.id));
      const alsoKey = `${this.key(also.collection, also.id)}\u0000${also.field}`;
      const known = count.alongside.get(alsoKey);
      if (known) known.by += by;
      else count.alongside.set(alsoKey, { collection: also.collection, id: String(also.id), field: also.field, by });
    }
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
    // A copy already (the read added the batch's counts to it).
    if (this.copies.has(doc)) {
      apply(doc);
      return doc;
    }
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

  /** The additions left to the store, one per document and field; a document's alongside fields ride on its first. */
  counts(): DocCount[] {
    const counts: DocCount[] = [];
    for (const { collection, id, fields, alongside } of this.counted.values()) {
      let gated = [...alongside.values()];
      for (const [field, by] of fields) {
        counts.push({ collection, id, field, by, ...(gated.length ? { alongside: gated } : {}) });
        gated = [];
      }
    }
    return counts;
  }
}

/** A field counted alongside another document's, if that one exists. */
interface AlongsideField {
  collection: string;
  id: string | number;
  field: string;
}

/** Additions to one document's fields, and to others' if it exists, left to the store. */
interface PendingCount {
  collection: string;
  id: string;
  fields: Map<string, number>;
  /** By document and field. */
  alongside: Map<string, DocField & { by: number }>;
}

function addTo(doc: Doc, field: string, by: number): void {
  const fields = doc as Record<string, unknown>;
  fields[field] = (typeof fields[field] === 'number' ? fields[field] : 0) + by;
}
