/** A field condition in a read-store query. */
export type Condition =
  | string
  | number
  | boolean
  | null
  | { in: readonly (string | number)[] }
  | { gte?: string | number; lt?: string | number; lte?: string | number; gt?: string | number }
  /** Case-insensitive substring match. */
  | { contains: string }
  /** An array field holds at least one of the values (none given: no document). */
  | { has_any: readonly (string | number)[] }
  /** An array field holds every one of the values (none given: every document). */
  | { has_all: readonly (string | number)[] };

export interface Where {
  [field: string]: Condition | Where[] | undefined;
  /** Any of the nested conditions holds. */
  or?: Where[];
  /** Every one of the nested conditions holds (for several conditions on one field). */
  and?: Where[];
}

export interface Query {
  where?: Where;
  sort?: { field: string; direction: 'asc' | 'desc' }[];
  skip?: number;
  limit?: number;
}

export type Doc = Record<string, unknown> & { id: string | number };

/** The final state of one document after a projection batch: a document, or null for deleted. */
export interface DocWrite {
  collection: string;
  id: string;
  doc: Doc | null;
}

/** A numeric field of one document. */
export interface DocField {
  collection: string;
  id: string;
  field: string;
}

/**
 * An addition to a numeric field of a document, made by the store without handing the
 * document to the projector (a link's clicks): only where the document exists, and to the
 * documents as they were before the commit's writes (a document the same commit writes
 * whole is then replaced). A missing field counts as 0.
 */
export interface DocCount extends DocField {
  by: number;
  /** Additions made only if the document above exists (to a link's owner's totals, as to the link). */
  alongside?: readonly (DocField & { by: number })[];
}

/** Read models built by the projectors. Adapters: SQLite (embedded), MongoDB (server). */
export interface ReadStore {
  /** Which adapter this is, for health reports and logs (e.g. 'sqlite', 'kurrentdb'). */
  readonly adapter: string;
  get<T extends Doc>(collection: string, id: string | number): Promise<T | null>;
  /**
   * Several documents of one collection at once, keyed by String(id); ids with no document
   * are absent from the map. One round trip, for a projector that reads ahead what a batch touches.
   */
  getMany<T extends Doc>(collection: string, ids: readonly (string | number)[]): Promise<Map<string, T>>;
  find<T extends Doc>(collection: string, query?: Query): Promise<T[]>;
  count(collection: string, where?: Where): Promise<number>;
  /** Declares the fields a collection is queried by, so the adapter can index them. */
  ensureIndex(collection: string, fields: readonly string[]): Promise<void>;
  /** Last global position applied by a projector (0 when none). */
  checkpoint(projector: string): Promise<number>;
  /** Makes the counts, writes the documents and moves the projector's checkpoint in one atomic step. */
  commit(projector: string, writes: readonly DocWrite[], checkpoint: number, counts?: readonly DocCount[]): Promise<void>;
  /** Empties the collections and the checkpoint of a projector, for a rebuild. */
  reset(projector: string, collections: readonly string[]): Promise<void>;
  /**
   * An empty copy of a projector's collections (and checkpoint) beside the live ones, to
   * rebuild into while these keep answering; any copy left by an earlier attempt is dropped.
   */
  shadow(projector: string, collections: readonly string[]): Promise<ReadStoreShadow>;
  /** Throws when the store cannot answer. */
  ping(): Promise<void>;
  /**
   * Leaves no readable copy of overwritten or deleted documents in the store's files (after
   * an account deletion, docs/privacy.md). Absent where the server manages its own files.
   */
  forgetOverwritten?(): Promise<void>;
  close(): Promise<void>;
}

/** What a projector writes through: its documents (read back while applying a batch) and its checkpoint. */
export type ProjectionStore = Pick<ReadStore, 'get' | 'getMany' | 'ensureIndex' | 'checkpoint' | 'commit' | 'reset' | 'forgetOverwritten'>;

/** A projector's collections rebuilt beside the live ones (ReadStore.shadow). */
export interface ReadStoreShadow extends ProjectionStore {
  /**
   * Puts the copy in place of the live collections; readers see either the old documents or
   * the new ones. Call it with the live projector stopped at the same position as the copy:
   * the live checkpoint then stays true of either. Answers the clean-up that drops the old
   * documents, to run once the live projector runs again.
   */
  promote(): Promise<() => Promise<void>>;
  /** Drops the copy; the live collections are untouched. */
  discard(): Promise<void>;
}
