import { MongoClient, type AnyBulkWriteOperation, type ClientSession, type Collection, type Db, type Document, type Filter, type Sort } from 'mongodb';
import type { Condition, Doc, DocCount, DocField, DocWrite, Query, ReadStore, ReadStoreShadow, Where } from '@linkledger/contracts';
import { assertField } from './where-sql.ts';

/** A read-model document as stored: its own fields, keyed by `_id` = String(id). */
interface StoredDoc extends Document {
  _id: string;
}

interface CheckpointDoc {
  _id: string;
  position: number;
}

const CHECKPOINTS = 'checkpoints';
/** Collections a rebuild writes before they replace the live ones. */
const SHADOW_PREFIX = 'rebuild__';

/** Matches no document: no `_id` is in the empty set. */
const NOTHING: Filter<StoredDoc> = { _id: { $in: [] } };

/**
 * The server read store: MongoDB through the official driver, one collection per read-model
 * collection plus `checkpoints`. Documents keep their own `id`; `_id` is String(id), the same
 * key the SQLite store uses, so both order ties the same way.
 */
export class MongoReadStore implements ReadStore {
  readonly adapter = 'mongodb';

  private constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
  ) {}

  /** @param url e.g. `mongodb://mongo:27017/linkledger?replicaSet=rs0`; the database is the one the URL names. */
  static async connect(url: string): Promise<MongoReadStore> {
    const client = new MongoClient(url);
    await client.connect();
    return new MongoReadStore(client, client.db());
  }

  async get<T extends Doc>(collection: string, id: string | number): Promise<T | null> {
    const doc = await this.docs(collection).findOne({ _id: String(id) });
    return doc ? fromStored<T>(doc) : null;
  }

  async getMany<T extends Doc>(collection: string, ids: readonly (string | number)[]): Promise<Map<string, T>> {
    const found = new Map<string, T>();
    if (ids.length === 0) return found;
    const docs = await this.docs(collection)
      .find({ _id: { $in: [...new Set(ids.map(String))] } })
      .toArray();
    for (const doc of docs) found.set(doc._id, fromStored<T>(doc));
    return found;
  }

  async find<T extends Doc>(collection: string, query: Query = {}): Promise<T[]> {
    // MongoDB reads a limit of 0 as "no limit".
    if (query.limit === 0) return [];
    const docs = await this.docs(collection)
      .find(toFilter(query.where), { sort: toSort(query), skip: query.skip, limit: query.limit })
      .toArray();
    return docs.map((doc) => fromStored<T>(doc));
  }

  async count(collection: string, where?: Where): Promise<number> {
    return this.docs(collection).countDocuments(toFilter(where));
  }

  async ensureIndex(collection: string, fields: readonly string[]): Promise<void> {
    if (fields.length === 0) return;
    await this.docs(collection).createIndex(Object.fromEntries(fields.map((field) => [assertField(field), 1] as const)));
  }

  async checkpoint(projector: string): Promise<number> {
    return (await this.checkpoints().findOne({ _id: projector }))?.position ?? 0;
  }

  /**
   * One multi-document transaction: the documents and the checkpoint move together or not at
   * all. Transactions need a replica set (a single node is enough); docker-compose.yml runs
   * MongoDB as the one-node replica set rs0.
   */
  async commit(projector: string, writes: readonly DocWrite[], checkpoint: number, counts: readonly DocCount[] = []): Promise<void> {
    const batches = [...groupByCollection(writes)].map(([collection, operations]) => ({ docs: this.docs(collection), operations }));
    await this.client.withSession((session) =>
      session.withTransaction(async () => {
        await this.addCounts(counts, session);
        for (const { docs, operations } of batches) await docs.bulkWrite(operations, { session, ordered: true });
        await this.checkpoints().replaceOne({ _id: projector }, { position: checkpoint }, { upsert: true, session });
      }),
    );
  }

  /**
   * The counts as `$inc` updates without upsert (a missing document takes none), one bulk
   * write per collection; alongside additions only for documents found before any of them.
   */
  private async addCounts(counts: readonly DocCount[], session: ClientSession): Promise<void> {
    if (counts.length === 0) return;
    const existing = new Set<string>();
    const gated = groupIds(counts.filter((count) => count.alongside?.length));
    for (const [collection, ids] of gated) {
      const found = await this.docs(collection)
        .find({ _id: { $in: ids } }, { projection: { _id: 1 }, session })
        .toArray();
      for (const { _id } of found) existing.add(`${collection}\u0000${_id}`);
    }
    const additions = new Map<string, Map<string, Record<string, number>>>();
    const add = ({ collection, id, field }: DocField, by: number) => {
      const documents = additions.get(collection) ?? new Map<string, Record<string, number>>();
      additions.set(collection, documents);
      const fields = documents.get(id) ?? {};
      documents.set(id, fields);
      fields[assertField(field)] = (fields[field] ?? 0) + by;
    };
    for (const count of counts) {
      add(count, count.by);
      if (existing.has(`${count.collection}\u0000${count.id}`)) for (const also of count.alongside ?? []) add(also, also.by);
    }
    for (const [collection, documents] of additions) {
      const operations: AnyBulkWriteOperation<StoredDoc>[] = [...documents].map(([id, fields]) => ({
        updateOne: { filter: { _id: id }, update: { $inc: fields } },
      }));
      await this.docs(collection).bulkWrite(operations, { session, ordered: false });
    }
  }

  /**
   * Not one transaction: emptying a large collection can exceed MongoDB's transaction limits.
   * The checkpoint goes first, so a crash half-way leaves a projector that rebuilds from 0 over
   * leftover documents (which the rebuild rewrites), never complete-looking empty collections.
   */
  async reset(projector: string, collections: readonly string[]): Promise<void> {
    const targets = collections.map((collection) => this.docs(collection));
    await this.checkpoints().deleteOne({ _id: projector });
    // deleteMany rather than drop: the collections keep the indexes ensureIndex declared.
    for (const docs of targets) await docs.deleteMany({});
  }

  /**
   * A rebuild's copy: collections named `rebuild__{name}` and the checkpoint `{projector}@rebuild`.
   * Promoting renames each copy over its live collection (`dropTarget`), which MongoDB does
   * atomically per collection; there is no rename of several at once, so for a moment some
   * collections may be new and others old. Both sides are at the same position then (the
   * live projector is stopped), so each reader sees a complete read model either way.
   */
  async shadow(projector: string, collections: readonly string[]): Promise<ReadStoreShadow> {
    const copyOf = (collection: string) => `${SHADOW_PREFIX}${assertField(collection)}`;
    const key = `${projector}@rebuild`;
    const drop = async () => {
      const existing = new Set((await this.db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name));
      for (const collection of collections) if (existing.has(copyOf(collection))) await this.db.collection(copyOf(collection)).drop();
      await this.checkpoints().deleteOne({ _id: key });
    };
    await drop();
    const copy = {
      get: <T extends Doc>(collection: string, id: string | number) => this.get<T>(copyOf(collection), id),
      getMany: <T extends Doc>(collection: string, ids: readonly (string | number)[]) => this.getMany<T>(copyOf(collection), ids),
      ensureIndex: (collection: string, fields: readonly string[]) => this.ensureIndex(copyOf(collection), fields),
      checkpoint: () => this.checkpoint(key),
      commit: (_: string, writes: readonly DocWrite[], checkpoint: number, counts: readonly DocCount[] = []) =>
        this.commit(
          key,
          writes.map((write) => ({ ...write, collection: copyOf(write.collection) })),
          checkpoint,
          counts.map((count) => ({
            ...count,
            collection: copyOf(count.collection),
            alongside: count.alongside?.map((also) => ({ ...also, collection: copyOf(also.collection) })),
          })),
        ),
      reset: (_: string, names: readonly string[]) => this.reset(key, names.map(copyOf)),
      promote: async () => {
        const existing = new Set((await this.db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name));
        for (const collection of collections) {
          if (existing.has(copyOf(collection))) await this.db.renameCollection(copyOf(collection), collection, { dropTarget: true });
          else await this.docs(collection).deleteMany({});
        }
        const position = await this.checkpoint(key);
        await this.checkpoints().replaceOne({ _id: projector }, { position }, { upsert: true });
        await this.checkpoints().deleteOne({ _id: key });
        // renameCollection replaced the live collections: nothing is left to drop.
        return async () => undefined;
      },
      discard: drop,
    };
    return copy;
  }

  async ping(): Promise<void> {
    await this.db.command({ ping: 1 });
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  private docs(collection: string): Collection<StoredDoc> {
    if (assertField(collection) === CHECKPOINTS) throw new Error(`The collection name ${CHECKPOINTS} is reserved for projector checkpoints`);
    return this.db.collection<StoredDoc>(collection);
  }

  private checkpoints(): Collection<CheckpointDoc> {
    return this.db.collection<CheckpointDoc>(CHECKPOINTS);
  }
}

function fromStored<T extends Doc>(doc: StoredDoc): T {
  const fields: Document = { ...doc };
  delete fields._id;
  return fields as T;
}

/** The ids of the counted documents, by collection. */
function groupIds(counts: readonly DocCount[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const { collection, id } of counts) groups.set(collection, [...(groups.get(collection) ?? []), id]);
  return groups;
}

function groupByCollection(writes: readonly DocWrite[]): Map<string, AnyBulkWriteOperation<StoredDoc>[]> {
  const groups = new Map<string, AnyBulkWriteOperation<StoredDoc>[]>();
  for (const write of writes) {
    const operations = groups.get(write.collection) ?? [];
    operations.push(toOperation(write));
    groups.set(write.collection, operations);
  }
  return groups;
}

function toOperation({ id, doc }: DocWrite): AnyBulkWriteOperation<StoredDoc> {
  if (!doc) return { deleteOne: { filter: { _id: id } } };
  const replacement: Document = { ...doc };
  delete replacement._id;
  return { replaceOne: { filter: { _id: id }, replacement, upsert: true } };
}

/** The read-store filter as a MongoDB query, with the same field-name rules as the SQLite store. */
function toFilter(where: Where | undefined): Filter<StoredDoc> {
  const clauses: Filter<StoredDoc>[] = [];
  for (const [field, condition] of Object.entries(where ?? {})) {
    if (condition === undefined) continue;
    if (field === 'or') {
      const alternatives = (condition as Where[]).map(toFilter);
      clauses.push(alternatives.length ? { $or: alternatives } : NOTHING);
      continue;
    }
    if (field === 'and') {
      clauses.push(...(condition as Where[]).map(toFilter));
      continue;
    }
    const clause = conditionFilter(assertField(field), condition as Condition);
    if (clause) clauses.push(clause);
  }
  if (clauses.length <= 1) return clauses[0] ?? {};
  return { $and: clauses };
}

/** One field's condition; undefined when it constrains nothing (a range with no bound). */
function conditionFilter(field: string, condition: Condition): Filter<StoredDoc> | undefined {
  // Equality with null also matches a missing field, like SQL's IS NULL over json_extract.
  if (condition === null || typeof condition !== 'object') return { [field]: condition };
  if ('in' in condition) return { [field]: { $in: [...condition.in] } };
  if ('contains' in condition) return { [field]: { $regex: escapeRegExp(condition.contains), $options: 'i' } };
  if ('has_any' in condition) return { [field]: { $in: [...condition.has_any] } };
  // $all of nothing matches no document in MongoDB; holding all of no values holds for every one.
  if ('has_all' in condition) return condition.has_all.length ? { [field]: { $all: [...condition.has_all] } } : undefined;
  const bounds = Object.entries({ $gte: condition.gte, $gt: condition.gt, $lte: condition.lte, $lt: condition.lt }).filter(([, value]) => value !== undefined);
  return bounds.length ? { [field]: Object.fromEntries(bounds) } : undefined;
}

/** The requested order, then `_id` ascending: SQLite's tiebreak on its text id column. */
function toSort(query: Query): Sort {
  const keys: [string, 1 | -1][] = (query.sort ?? []).map(({ field, direction }) => [assertField(field), direction === 'desc' ? -1 : 1]);
  keys.push(['_id', 1]);
  return keys;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
