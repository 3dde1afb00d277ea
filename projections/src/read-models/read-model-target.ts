import { domainEventOf, type DomainEvent, type EventFilter, type EventType, type ProjectionStore, type RecordedEvent } from '@linkledger/contracts';
import { BOT_POLICY_CHANGED, BotPolicyFollower, defaultBotPolicy, type BotClassifier, type BotPolicySource } from '../clicks/bot-policy.ts';
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

/**
 * Runs a read-model projector against a read store (or a copy of it being rebuilt), batch and
 * checkpoint in one commit. It follows the bot policy too: handlers count human clicks.
 */
export class ReadModelTarget implements ProjectionTarget {
  readonly filter: EventFilter;
  private readonly bots: BotPolicyFollower;

  constructor(
    private readonly store: ProjectionStore,
    private readonly projector: ReadModelProjector,
    botPolicy: BotPolicySource = defaultBotPolicy,
  ) {
    this.filter = { types: [...projector.handles, BOT_POLICY_CHANGED] };
    this.bots = new BotPolicyFollower(botPolicy);
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

  prepare() {
    return this.bots.load();
  }

  async apply(batch: RecordedEvent[], through: number): Promise<void> {
    // Events the store has already applied (a batch delivered again after its commit
    // succeeded but was not acknowledged, say) are skipped: the handlers count, so only the
    // checkpoint makes applying exactly once.
    const applied = await this.store.checkpoint(this.projector.name);
    if (through <= applied) return;
    const tx = new UnitOfWork(this.store, this.bots.classifier);
    // Each event is applied under the bot policy in force at its place in the batch.
    const events: (UpcastEvent & { bots: BotClassifier })[] = [];
    for (const recorded of batch) {
      if (this.bots.observe(recorded) || recorded.position <= applied) continue;
      const event = domainEventOf(recorded);
      if (event) events.push({ event, recorded, bots: this.bots.classifier });
    }
    await this.projector.prefetch?.(events, tx);
    for (const { event, recorded, bots } of events) {
      tx.bots = bots;
      await this.projector.apply(event, recorded, tx);
    }
    await this.store.commit(this.projector.name, tx.writes(), through, tx.counts());
    // A deleted account's documents were just overwritten: their old bytes must not linger.
    if (events.some(({ event }) => event.type === 'AccountDeleted')) await this.store.forgetOverwritten?.();
  }

  reset() {
    return this.store.reset(this.projector.name, Object.keys(this.projector.collections));
  }
}
