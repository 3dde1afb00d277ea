import { domainEventOf, type DomainEvent, type EventFilter, type EventType, type ReadStore, type RecordedEvent } from '@linkledger/contracts';
import type { ProjectionTarget } from '../runner.ts';
import type { UpcastEvent } from './handlers.ts';
import { UnitOfWork } from './unit-of-work.ts';

export interface ReadModelProjector {
  name: string;
  /** Collections this projector owns, with the fields each is queried by. */
  collections: Record<string, readonly (readonly string[])[]>;
  handles: readonly EventType[];
  /** Reads ahead what applying the batch will read (optional: a speed-up only). */
  prefetch?(batch: readonly UpcastEvent[], tx: UnitOfWork): Promise<void>;
  apply(event: DomainEvent, recorded: RecordedEvent, tx: UnitOfWork): Promise<void>;
}

/** Runs a read-model projector against a read store, batch and checkpoint in one commit. */
export class ReadModelTarget implements ProjectionTarget {
  readonly filter: EventFilter;

  constructor(
    private readonly store: ReadStore,
    private readonly projector: ReadModelProjector,
  ) {
    this.filter = { types: projector.handles };
  }

  get name() {
    return this.projector.name;
  }

  async init(): Promise<void> {
    for (const [collection, indexes] of Object.entries(this.projector.collections)) {
      for (const fields of indexes) await this.store.ensureIndex(collection, fields);
    }
  }

  checkpoint() {
    return this.store.checkpoint(this.projector.name);
  }

  async apply(batch: RecordedEvent[], through: number): Promise<void> {
    // Events the store has already applied (a batch delivered again after its commit
    // succeeded but was not acknowledged, say) are skipped: the handlers count, so only the
    // checkpoint makes applying exactly once.
    const applied = await this.store.checkpoint(this.projector.name);
    if (through <= applied) return;
    const tx = new UnitOfWork(this.store);
    const events: UpcastEvent[] = [];
    for (const recorded of batch) {
      if (recorded.position <= applied) continue;
      const event = domainEventOf(recorded);
      if (event) events.push({ event, recorded });
    }
    await this.projector.prefetch?.(events, tx);
    for (const { event, recorded } of events) await this.projector.apply(event, recorded, tx);
    await this.store.commit(this.projector.name, tx.writes(), through);
  }

  reset() {
    return this.store.reset(this.projector.name, Object.keys(this.projector.collections));
  }
}
