import type { EventData, EventType, RecordedEvent } from '@linkledger/contracts';
import type { UnitOfWork } from './unit-of-work.ts';

/** How one feature's read model follows the events it cares about. */
export type ReadModelHandlers = {
  [T in EventType]?: (data: EventData[T], recorded: RecordedEvent, tx: UnitOfWork) => void | Promise<void>;
};
