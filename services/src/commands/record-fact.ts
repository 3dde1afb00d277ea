import type { AppendResult, DomainEvent, EventStore, ExpectedRevision } from '@linkledger/contracts';
import { metadataFor, toNewEvent, type CommandContext } from './command-context.ts';

/**
 * An event that records what happened rather than what a command decided: a mail delivered,
 * a query run, a token issued. `expected` is 'any' for a log stream (the default) or
 * 'no_stream' to claim a fresh one (a conflict there is thrown as is: the stream was taken).
 */
interface Fact {
  stream: string;
  event: DomainEvent;
  expected?: ExpectedRevision;
}

/**
 * The path for appends that decide nothing: no state is read, so there is no decision to retry.
 * The facts share the context's metadata and are appended together, atomically.
 */
export async function recordFact(events: Pick<EventStore, 'append'>, context: CommandContext, ...facts: Fact[]): Promise<AppendResult> {
  const metadata = metadataFor(context);
  return events.append(facts.map(({ stream, event, expected = 'any' }) => ({ stream, expected, events: [toNewEvent(event, metadata)] })));
}
