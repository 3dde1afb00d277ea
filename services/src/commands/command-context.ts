import { randomUUID } from 'node:crypto';
import {
  WrongExpectedRevisionError,
  currentVersion,
  type Actor,
  type DomainEvent,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
} from '@linkledger/contracts';
import { conflict } from './domain-error.ts';
import { foldEvents, type Evolve } from './event-port.ts';

/** What every event written for one request shares. */
export interface CommandContext {
  actor: Actor;
  correlationId: string;
  now: Date;
  route?: string;
  /**
   * Appended in the same atomic append as the command's events, when it appends any: the
   * claim of an Idempotency-Key (http/idempotency.ts), so the key is taken if and only if
   * the write happened.
   */
  claim?: { stream: string; expected: ExpectedRevision; event: DomainEvent };
  /** Called when the read model or the redirect cache did not include the write in time (http/still-processing.ts). */
  onNotYetShown?: () => void;
}

export function metadataFor(context: CommandContext): EventMetadata {
  return {
    actor: context.actor,
    correlation_id: context.correlationId,
    causation_id: context.correlationId,
    at: context.now.toISOString(),
    ...(context.route ? { origin: { route: context.route } } : {}),
  };
}

export function toNewEvent(event: DomainEvent, metadata: EventMetadata): NewEvent {
  return { id: randomUUID(), type: event.type, version: currentVersion[event.type], data: event.data, metadata };
}

/**
 * Runs a command attempt (load, decide, append with expected revisions) and retries it
 * when another writer got there first; after a few lost races the client gets a 409.
 */
export async function withRetries<T>(attempt: () => Promise<T>, tries = 4): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (i >= tries) throw conflict('Someone else changed this at the same moment. Please try again.');
    }
  }
}

/** Reads a stream and folds it into state, returning the revision for the next append. */
export async function loadStream<S>(events: EventStore, stream: string, initial: S, evolve: Evolve<S>): Promise<{ state: S; revision: number | null }> {
  const recorded = await events.readStream(stream);
  return { state: foldEvents(recorded, evolve, initial), revision: recorded.at(-1)?.revision ?? null };
}

/** Appends to a sequence stream and returns the new id (1, 2, 3, …). */
export async function allocateId(
  events: EventStore,
  kind: 'user' | 'link' | 'domain' | 'trai' | 'ticket' | 'import' | 'report_schedule',
  metadata: EventMetadata,
): Promise<number> {
  const result = await events.append([
    { stream: `sequence-${kind}`, expected: 'any', events: [toNewEvent({ type: 'IdAllocated', data: { kind } }, metadata)] },
  ]);
  return result.revisions[0]! + 1;
}
