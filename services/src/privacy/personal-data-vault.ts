import {
  personalFieldsOf,
  type AppendResult,
  type CountAllOptions,
  type EventStore,
  type NewEvent,
  type ReadAllOptions,
  type RecordedEvent,
  type StreamAppend,
  type SubscribeOptions,
  type Subscription,
  type SubscriptionHandler,
} from '@linkledger/contracts';
import { ACCOUNT_DELETED } from '../http/account-status.ts';
import { DomainError } from '../commands/domain-error.ts';
import { dataAsStored } from '../commands/event-port.ts';
import type { DataKeyStore } from './data-key-store.ts';
import { contextOf, isSealed, openField, sealField } from './field-cipher.ts';

/** Refused: personal data for an account whose key was destroyed (it was deleted). A 409 where a request caused it. */
export class ShreddedSubjectError extends DomainError {
  constructor(readonly userId: number) {
    super('conflict', ACCOUNT_DELETED);
  }
}

/** At most this many keys are kept in memory; a miss costs one key-store read. */
const MAX_CACHED_KEYS = 10_000;

/**
 * The event store as the rest of the product sees it (docs/privacy.md#crypto-shredding):
 * the personal fields listed in `personalData` are sealed on append under the data key of
 * the user the event is about, and opened on every read. Once a key is destroyed those
 * fields read as their `shredded` replacement, old plain values included, so the log
 * replays into read models that show a deleted user. Everything else passes through.
 */
export class PersonalDataVault implements EventStore {
  readonly adapter: string;
  private readonly keys = new Map<number, Buffer | null | undefined>();

  constructor(
    private readonly inner: EventStore,
    private readonly keyStore: DataKeyStore,
  ) {
    this.adapter = inner.adapter;
  }

  append(streams: StreamAppend[]): Promise<AppendResult> {
    // Most appends (every click) carry nothing personal: they pass as they are, not copied.
    const touches = streams.some((stream) => stream.events.some((event) => event.type === 'AccountDeleted' || personalFieldsOf(event.type) !== undefined));
    return touches ? this.appendPersonal(streams) : this.inner.append(streams);
  }

  private async appendPersonal(streams: StreamAppend[]): Promise<AppendResult> {
    const sealed: StreamAppend[] = [];
    for (const stream of streams) {
      const events: NewEvent[] = [];
      for (const event of stream.events) events.push(await this.seal(event));
      sealed.push({ ...stream, events });
    }
    const result = await this.inner.append(sealed);
    for (const stream of streams) {
      for (const event of stream.events) {
        if (event.type === 'AccountDeleted') await this.destroyKey(dataAsStored(event)['user_id'] as number, event.metadata.at);
      }
    }
    return result;
  }

  async readStream(stream: string, fromRevision?: number): Promise<RecordedEvent[]> {
    return this.openAll(await this.inner.readStream(stream, fromRevision));
  }

  async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.openAll(await this.inner.readAll(options));
  }

  countAll(options: CountAllOptions): Promise<number> {
    return this.inner.countAll(options);
  }

  headPosition(): Promise<number> {
    return this.inner.headPosition();
  }

  async checkWritable(): Promise<void> {
    await this.inner.checkWritable?.();
  }

  subscribe(options: SubscribeOptions, handler: SubscriptionHandler): Subscription {
    return this.inner.subscribe(options, async (batch, through) => handler(await this.openAll(batch), through));
  }

  async close(): Promise<void> {
    await this.inner.close();
    await this.keyStore.close();
  }

  /** Destroys a deleted account's key (idempotent): its personal fields read as shredded from now on. */
  async destroyKey(userId: number, at: string): Promise<void> {
    if (this.keys.get(userId) === null) return;
    await this.keyStore.destroy(userId, at);
    this.keys.set(userId, null);
  }

  private async seal(event: NewEvent): Promise<NewEvent> {
    const fields = personalFieldsOf(event.type);
    if (!fields) return event;
    const data = { ...dataAsStored(event) };
    const userId = data[fields.subject];
    if (typeof userId !== 'number') throw new TypeError(`${event.type} names no user in ${fields.subject}: its personal fields cannot be sealed`);
    const key = await this.keyFor(userId, true);
    if (!key) throw new ShreddedSubjectError(userId);
    for (const field of Object.keys(fields.shredded)) {
      const value = data[field];
      if (typeof value === 'string') data[field] = sealField(key, contextOf(userId, event.type, field), value);
    }
    return { ...event, data };
  }

  private async openAll(events: RecordedEvent[]): Promise<RecordedEvent[]> {
    let opened: RecordedEvent[] | null = null;
    for (let i = 0; i < events.length; i++) {
      const event = events[i]!;
      // Whoever reads a deletion makes sure the key is gone: this finishes a deletion whose
      // process stopped between the append and the key's destruction.
      if (event.type === 'AccountDeleted') await this.destroyKey(dataAsStored(event)['user_id'] as number, event.metadata.at);
      if (!personalFieldsOf(event.type)) continue;
      opened ??= events.slice();
      opened[i] = await this.open(event);
    }
    return opened ?? events;
  }

  private async open(event: RecordedEvent): Promise<RecordedEvent> {
    const fields = personalFieldsOf(event.type)!;
    const data = { ...dataAsStored(event) };
    const userId = data[fields.subject] as number;
    const key = await this.keyFor(userId, false);
    for (const [field, shredded] of Object.entries(fields.shredded) as [string, string][]) {
      const value = data[field];
      if (key === null) {
        // Destroyed: sealed and plain (written before sealing existed) alike read as shredded.
        if (value !== undefined) data[field] = shredded;
      } else if (isSealed(value)) {
        data[field] = key ? openField(key, contextOf(userId, event.type, field), value) : shredded;
      }
    }
    return { ...event, data };
  }

  private async keyFor(userId: number, create: boolean): Promise<Buffer | null | undefined> {
    const cached = this.keys.get(userId);
    if (cached !== undefined || (this.keys.has(userId) && !create)) return cached;
    const key = await this.keyStore.keyFor(userId, create);
    if (this.keys.size >= MAX_CACHED_KEYS) this.keys.clear();
    this.keys.set(userId, key);
    return key;
  }
}
