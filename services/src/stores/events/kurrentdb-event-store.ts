import {
  ANY,
  BACKWARDS,
  END,
  KurrentDBClient,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  UnsupportedError,
  WrongExpectedVersionError,
  eventTypeFilter,
  excludeSystemEvents,
  streamNameFilter,
  type AllStreamSubscription,
  type AppendStreamRequest,
  type AppendStreamState,
  type EventData,
  type Filter,
  type JSONType,
  type Position,
  type ReadPosition,
} from '@kurrent/kurrentdb-client';
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type CountAllOptions,
  type EventFilter,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type RecordedEvent,
  type StreamAppend,
  type SubscribeOptions,
  type Subscription,
  type SubscriptionHandler,
} from '@linkledger/contracts';
import { AppendCounter, catchUpSubscription } from './catch-up.ts';
import { eventFilterTest } from './event-filter.ts';

/**
 * Reserved metadata keys. The multi-stream append only accepts metadata made of string
 * values, so every event (single- or multi-stream) carries the contract's metadata as one
 * JSON string plus the schema version: one encoding, one decoder.
 */
const METADATA_KEY = 'linkledger.metadata';
/** How many events a count reads from the server at a time. */
const COUNT_PAGE = 1000;
const VERSION_KEY = 'linkledger.version';

interface KurrentDbEventStoreOptions {
  /**
   * How long an idle subscription waits before reading again when no live append woke it:
   * the safety net behind the live wake-up (lost wake-up, dropped live subscription).
   */
  pollMs?: number;
}

/** The fields of a KurrentDB record this adapter reads (from $all or from one stream). */
interface StoredEvent {
  streamId: string;
  id: string;
  revision: bigint;
  type: string;
  data: unknown;
  metadata: unknown;
  position?: Position;
}

/**
 * The server event store: KurrentDB (formerly EventStoreDB) through its official client.
 *
 * Global positions are KurrentDB commit positions. A current server writes every event as a
 * self-committed record whose commit position is where the record starts in the log, so each
 * event has its own position and positions grow in commit order. (Events written long ago
 * through the legacy TCP transactions API share their transaction's commit position; a
 * Linkledger log never contains any.)
 */
export class KurrentDbEventStore implements EventStore {
  readonly adapter = 'kurrentdb';
  private readonly client: KurrentDBClient;
  private readonly pollMs: number;
  private readonly signal: AppendSignal;
  private readonly subscriptions = new Set<Subscription>();
  private closed = false;

  /** @param url a KurrentDB connection string, e.g. `kurrentdb://localhost:2113?tls=false` */
  constructor(url: string, options: KurrentDbEventStoreOptions = {}) {
    this.client = KurrentDBClient.connectionString(url);
    this.pollMs = options.pollMs ?? 1000;
    this.signal = new AppendSignal(this.client, this.pollMs);
  }

  async append(streams: StreamAppend[]): Promise<AppendResult> {
    if (this.closed) throw new Error('The event store is closed');
    try {
      if (streams.length === 0) return { position: 0, revisions: [] };
      if (streams.length === 1) return await this.appendToOne(streams[0]!);
      return await this.appendToMany(streams);
    } catch (error) {
      throw toContractError(error, streams);
    }
  }

  private async appendToOne({ stream, expected, events }: StreamAppend): Promise<AppendResult> {
    const result = await this.client.appendToStream(stream, events.map(toEventData), { streamState: toStreamState(expected) });
    return {
      position: result.position ? toSafeNumber(result.position.commit) : 0,
      revisions: [Number(result.nextExpectedRevision)],
    };
  }

  /**
   * All or nothing across streams through the client's `multiStreamAppend`, which needs
   * KurrentDB 25.1 or later (the client refuses with UnsupportedError on older servers).
   */
  private async appendToMany(streams: StreamAppend[]): Promise<AppendResult> {
    const requests = streams.map(toAppendRequest);
    let result;
    try {
      result = await this.client.multiStreamAppend(requests);
    } catch (error) {
      if (error instanceof UnsupportedError) {
        throw new Error(`Appending to several streams atomically needs KurrentDB 25.1 or later: ${error.message}`, { cause: error });
      }
      throw error;
    }
    const revisions = new Map(result.responses.map((response) => [response.streamName, Number(response.revision)]));
    return {
      position: toSafeNumber(result.position),
      revisions: streams.map(({ stream }) => {
        const revision = revisions.get(stream);
        if (revision === undefined) throw new Error(`KurrentDB did not report the new revision of stream ${stream}`);
        return revision;
      }),
    };
  }

  async readStream(stream: string, fromRevision = 0): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(stream, { fromRevision: BigInt(fromRevision) })) {
        if (resolved.event) events.push(toRecorded(resolved.event));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    const { after = 0, before = Number.MAX_SAFE_INTEGER, direction = 'forward', limit, filter } = options;
    if (direction === 'backward') return this.scanBackward(after, before, limit, filter);
    return (await this.scan(after, limit, filter, before)).events;
  }

  /**
   * KurrentDB has no count: the matching events are read in pages (the server filtering on
   * one criterion, as for reads) and counted here. A count is asked for a projector's lag,
   * so it reads what that projector has yet to read anyway.
   */
  async countAll(options: CountAllOptions): Promise<number> {
    const { after = 0, before = Number.MAX_SAFE_INTEGER, filter } = options;
    const serverSide = serverFilter(filter);
    const test = matcher(filter);
    let count = 0;
    let scannedTo = after;
    for (;;) {
      const batch = await this.readBatch(scannedTo, COUNT_PAGE, serverSide);
      for (const stored of batch) {
        if (commitPosition(stored) >= before) return count;
        scannedTo = commitPosition(stored);
        if (test(stored)) count++;
      }
      if (batch.length < COUNT_PAGE) return count;
    }
  }

  async headPosition(): Promise<number> {
    const last = this.client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1, filter: excludeSystemEvents() });
    for await (const resolved of last) {
      if (resolved.event) return commitPosition(resolved.event);
    }
    return 0;
  }

  /**
   * Reuses the shared catch-up loop: pages read from $all, and a live $all subscription that
   * only wakes idle subscribers. Each read starts strictly after the last position handed
   * out, so the switch from history to live has no gap and no duplicate.
   */
  subscribe(options: SubscribeOptions, handler: SubscriptionHandler): Subscription {
    if (this.closed) throw new Error('The event store is closed');
    this.signal.start();
    const subscription = catchUpSubscription(
      { readPage: (after, limit, filter) => this.readPage(after, limit, filter), appends: this.signal },
      { ...options, idleWaitMs: this.pollMs },
      handler,
    );
    this.subscriptions.add(subscription);
    subscription.done.finally(() => this.subscriptions.delete(subscription)).catch(() => undefined);
    return subscription;
  }

  /** A page for the catch-up loop; `through` counts events the filter left out. */
  private async readPage(after: number, limit: number, filter: EventFilter | undefined) {
    // Read before the page: everything up to this head is in the log when the page is read.
    const head = await this.headPosition();
    const { events, scannedTo, reachedEnd } = await this.scan(after, limit, filter);
    return { events, through: reachedEnd ? Math.max(scannedTo, head) : scannedTo };
  }

  /**
   * Up to `limit` matching events after `after`. The server filters on one criterion (types
   * or stream prefixes, never system events); the rest is checked here, reading further
   * batches until the page is full or the log ends.
   */
  private async scan(after: number, limit: number, filter: EventFilter | undefined, before = Number.MAX_SAFE_INTEGER) {
    const wanted = Math.max(1, Math.floor(limit));
    const serverSide = serverFilter(filter);
    const test = matcher(filter);
    const events: RecordedEvent[] = [];
    let scannedTo = after;
    for (;;) {
      const batch = await this.readBatch(scannedTo, wanted, serverSide);
      for (const stored of batch) {
        if (commitPosition(stored) >= before) return { events, scannedTo, reachedEnd: false };
        scannedTo = commitPosition(stored);
        if (!test(stored)) continue;
        events.push(toRecorded(stored));
        if (events.length === wanted) return { events, scannedTo, reachedEnd: false };
      }
      if (batch.length < wanted) return { events, scannedTo, reachedEnd: true };
    }
  }

  /** Up to `limit` matching events strictly between two positions, newest first. */
  private async scanBackward(after: number, before: number, limit: number, filter: EventFilter | undefined): Promise<RecordedEvent[]> {
    const wanted = Math.max(1, Math.floor(limit));
    const serverSide = serverFilter(filter);
    const test = matcher(filter);
    const events: RecordedEvent[] = [];
    let cursor = before;
    for (;;) {
      const batch: StoredEvent[] = [];
      const fromPosition = cursor >= Number.MAX_SAFE_INTEGER ? END : { commit: BigInt(cursor), prepare: BigInt(cursor) };
      for await (const resolved of this.client.readAll({ direction: BACKWARDS, fromPosition, maxCount: wanted + 1, filter: serverSide })) {
        if (!resolved.event || commitPosition(resolved.event) >= cursor) continue;
        batch.push(resolved.event);
        if (batch.length === wanted) break;
      }
      for (const stored of batch) {
        cursor = commitPosition(stored);
        if (cursor <= after) return events;
        if (!test(stored)) continue;
        events.push(toRecorded(stored));
        if (events.length === wanted) return events;
      }
      if (batch.length < wanted) return events;
    }
  }

  /** Up to `count` events strictly after `after` (a read from a position includes that position). */
  private async readBatch(after: number, count: number, filter: Filter): Promise<StoredEvent[]> {
    const batch: StoredEvent[] = [];
    const reads = this.client.readAll({ fromPosition: readPositionAt(after), maxCount: count + 1, filter });
    for await (const resolved of reads) {
      if (!resolved.event || commitPosition(resolved.event) <= after) continue;
      batch.push(resolved.event);
      if (batch.length === count) break;
    }
    return batch;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    await this.signal.close();
    await this.client.dispose();
  }
}

/**
 * Counts the appends KurrentDB pushes on one live $all subscription per store, so idle
 * catch-up subscriptions read again at once instead of waiting for their poll. If the live
 * subscription drops, it is reopened after `retryMs`; polling covers the gap.
 */
class AppendSignal {
  private readonly counter = new AppendCounter();
  private live: AllStreamSubscription | undefined;
  private retryAt = 0;
  private closed = false;

  constructor(
    private readonly client: KurrentDBClient,
    private readonly retryMs: number,
  ) {}

  get count(): number {
    return this.counter.count;
  }

  start(): void {
    if (this.live || this.closed || Date.now() < this.retryAt) return;
    const live = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    live.on('data', () => this.counter.bump());
    live.on('error', () => this.drop(live));
    live.on('close', () => this.drop(live));
    this.live = live;
  }

  /** Resolves once an append is pushed after `seen` was taken, or after `timeoutMs`. */
  wait(seen: number, timeoutMs: number): Promise<void> {
    this.start();
    return this.counter.wait(seen, timeoutMs);
  }

  private drop(live: AllStreamSubscription): void {
    if (this.live !== live) return;
    this.live = undefined;
    this.retryAt = Date.now() + this.retryMs;
  }

  async close(): Promise<void> {
    this.closed = true;
    const live = this.live;
    this.live = undefined;
    this.counter.close();
    await live?.unsubscribe().catch(() => undefined);
  }
}

function toAppendRequest({ stream, expected, events }: StreamAppend): AppendStreamRequest {
  // The server refuses both cases; say so in the store's terms rather than as a gRPC error.
  if (events.length === 0) throw new Error(`A multi-stream append to KurrentDB must write to every stream it checks (${stream} has no events)`);
  return { streamName: stream, expectedState: toStreamState(expected), events: events.map(toEventData) };
}

function toStreamState(expected: ExpectedRevision): AppendStreamState {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      return BigInt(expected);
  }
}

function fromStreamState(state: AppendStreamState): ExpectedRevision {
  return typeof state === 'bigint' ? Number(state) : state;
}

/** The client's WrongExpectedVersionError in the contract's terms; other errors unchanged. */
function toContractError(error: unknown, streams: StreamAppend[]): unknown {
  if (!(error instanceof WrongExpectedVersionError)) return error;
  const stream = error.streamName || (streams.length === 1 ? streams[0]!.stream : '');
  const requested = streams.find((append) => append.stream === stream);
  const actual = error.actualState === NO_STREAM ? null : Number(error.actualState);
  return new WrongExpectedRevisionError(stream, requested?.expected ?? fromStreamState(error.expectedState), actual);
}

function toEventData(event: NewEvent): EventData {
  return {
    id: event.id,
    contentType: 'application/json',
    type: event.type,
    data: jsonData(event),
    metadata: { [VERSION_KEY]: String(event.version), [METADATA_KEY]: JSON.stringify(event.metadata) },
  };
}

function jsonData(event: NewEvent): JSONType {
  const { data } = event;
  if (typeof data === 'string' || Array.isArray(data) || isRecord(data)) return data;
  throw new Error(`Event ${event.type} ${event.id}: data must be a JSON object, array or string`);
}

function toRecorded(stored: StoredEvent): RecordedEvent {
  const { version, metadata } = decodeMetadata(stored);
  return {
    id: stored.id,
    stream: stored.streamId,
    revision: Number(stored.revision),
    position: commitPosition(stored),
    type: stored.type,
    version,
    data: stored.data,
    metadata,
  };
}

function decodeMetadata(stored: StoredEvent): { version: number; metadata: EventMetadata } {
  const raw = stored.metadata;
  const encoded = isRecord(raw) ? raw[METADATA_KEY] : undefined;
  const version = isRecord(raw) ? Number(raw[VERSION_KEY]) : Number.NaN;
  if (typeof encoded !== 'string' || !Number.isInteger(version)) {
    throw new Error(
      `Event ${stored.id} in ${stored.streamId} lacks Linkledger metadata (${METADATA_KEY}, ${VERSION_KEY}): it was not written by this event store`,
    );
  }
  return { version, metadata: JSON.parse(encoded) as EventMetadata };
}

function commitPosition(stored: StoredEvent): number {
  if (!stored.position) throw new Error(`KurrentDB did not report the position of event ${stored.id}: the server is older than 22.6`);
  return toSafeNumber(stored.position.commit);
}

function toSafeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error(`Log position ${value} is beyond what a JavaScript number holds exactly`);
  return Number(value);
}

/** Where a read of events after `after` starts: that event itself (it is skipped), or the start of the log. */
function readPositionAt(after: number): ReadPosition {
  return after > 0 ? { commit: BigInt(after), prepare: BigInt(after) } : START;
}

function serverFilter(filter: EventFilter | undefined): Filter {
  if (filter?.stream !== undefined) return streamNameFilter({ prefixes: [filter.stream] });
  if (filter?.types?.length) return eventTypeFilter({ regex: `^(?:${filter.types.map(escapeRegExp).join('|')})$` });
  if (filter?.streamPrefixes?.length) return streamNameFilter({ prefixes: [...filter.streamPrefixes] });
  return excludeSystemEvents();
}

/** The whole filter, checked here (the server checks one criterion); KurrentDB's own events never match. */
function matcher(filter: EventFilter | undefined): (stored: StoredEvent) => boolean {
  const test = eventFilterTest(filter);
  return (stored) => !stored.type.startsWith('$') && test({ type: stored.type, stream: stored.streamId, metadata: () => decodeMetadata(stored).metadata });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
