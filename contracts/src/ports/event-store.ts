import type { EventMetadata } from '../events/metadata.ts';

/** What an append expects of the stream's current state (optimistic concurrency). */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | number;

export interface NewEvent {
  id: string;
  type: string;
  version: number;
  data: unknown;
  metadata: EventMetadata;
}

export interface RecordedEvent {
  id: string;
  stream: string;
  /** 0-based revision within the stream. */
  revision: number;
  /** Global position in the log: strictly increasing in commit order. */
  position: number;
  type: string;
  version: number;
  data: unknown;
  metadata: EventMetadata;
}

export interface StreamAppend {
  stream: string;
  expected: ExpectedRevision;
  events: NewEvent[];
}

export interface AppendResult {
  /** Global position of the last event written. */
  position: number;
  /** New revision of each stream, in request order. */
  revisions: number[];
}

/** Every criterion set must hold (AND); a list matches any of its items (OR). */
export interface EventFilter {
  types?: readonly string[];
  /** Events of these types are left out (e.g. clicks, when browsing commands). */
  excludeTypes?: readonly string[];
  streamPrefixes?: readonly string[];
  /** One stream, by its exact name. */
  stream?: string;
  /** `metadata.actor.id`: a user id, an API key id, … */
  actorId?: string;
  /** `metadata.correlation_id`: every event one request caused. */
  correlationId?: string;
  /** `metadata.at` from this ISO time, inclusive. */
  from?: string;
  /** `metadata.at` before this ISO time, exclusive. */
  to?: string;
}

export interface ReadAllOptions {
  /** Exclusive lower bound: events after this position (0 or absent: from the start). */
  after?: number;
  /** Exclusive upper bound: events before this position (absent: up to the head). */
  before?: number;
  /** Forward (oldest first, the default) or backward (newest first) within the bounds. */
  direction?: 'forward' | 'backward';
  limit: number;
  filter?: EventFilter;
}

/** Which events to count: between two positions (both exclusive), filtered as a read is. */
export interface CountAllOptions {
  after?: number;
  before?: number;
  filter?: EventFilter;
}

export interface SubscribeOptions {
  after: number;
  filter?: EventFilter;
  batchSize?: number;
  /** Once live, how long appends may gather before the next read (larger pages, fewer reads). */
  lingerMs?: number;
}

export type SubscriptionHandler = (batch: RecordedEvent[], through: number) => Promise<void>;

export interface Subscription {
  /** Stops delivering; resolves once the handler in flight (if any) has finished. */
  stop(): Promise<void>;
  /** Resolves when the subscription stops, rejects if the handler failed. */
  readonly done: Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | null,
  ) {
    super(`Stream ${stream}: expected revision ${String(expected)}, actual ${actual ?? 'no stream'}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/** The source of truth. Adapters: SQLite (embedded), KurrentDB (server). */
export interface EventStore {
  /** Which adapter this is, for health reports and logs (e.g. 'sqlite', 'kurrentdb'). */
  readonly adapter: string;
  /** Appends to one or more streams atomically: all or nothing. */
  append(streams: StreamAppend[]): Promise<AppendResult>;
  /** Events of one stream from a revision (inclusive), in order. */
  readStream(stream: string, fromRevision?: number): Promise<RecordedEvent[]>;
  /** Events after a global position, optionally filtered. */
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * How many events match between the bounds. Positions are not a count (KurrentDB's are
   * byte offsets, and a projector skips events it does not handle): how far a projector is
   * behind is the number of events it handles after its checkpoint.
   */
  countAll(options: CountAllOptions): Promise<number>;
  /** Position of the last event in the log (0 when empty). */
  headPosition(): Promise<number>;
  /** Rejects with the reason while the store cannot save (a full disk, say); adapters that cannot tell leave it out. */
  checkWritable?(): Promise<void>;
  /**
   * Catch-up subscription: delivers history after `after` in batches, then turns live,
   * without a gap or a duplicate. The next batch is read only once the handler resolves.
   * `through` is the position the log has been read up to, filtered-out events included,
   * so a checkpoint can move past events the subscriber does not care about.
   */
  subscribe(options: SubscribeOptions, handler: SubscriptionHandler): Subscription;
  close(): Promise<void>;
}
