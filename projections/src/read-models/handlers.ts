import type { DomainEvent, EventData, EventType, RecordedEvent } from '@linkledger/contracts';
import type { UnitOfWork } from './unit-of-work.ts';

/** How one feature's read model follows the events it cares about. */
export type ReadModelHandlers = {
  [T in EventType]?: (data: EventData[T], recorded: RecordedEvent, tx: UnitOfWork) => void | Promise<void>;
};

/**
 * Reads ahead (UnitOfWork.prefetch) the documents a batch's handlers will read, one query
 * per collection. Only a speed-up: a document not read ahead is read when a handler asks.
 */
export type ReadModelPrefetch = (batch: readonly UpcastEvent[], tx: UnitOfWork) => Promise<void>;

/** A recorded event and its data in the latest shape. */
export interface UpcastEvent {
  event: DomainEvent;
  recorded: RecordedEvent;
}
