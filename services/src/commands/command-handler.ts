import type { DomainEvent, RecordedEvent } from '@linkledger/contracts';
import { metadataFor, toNewEvent, withRetries, type CommandContext } from '../platform/commands.ts';
import type { Platform } from '../platform/platform.ts';
import { waitForReadModel, type ReadYourWrites } from '../platform/request-context.ts';

/**
 * What a feature declares for one command on one stream: where it acts, how the stream's
 * events fold into state, and what the command decides given that state. `decide` is pure:
 * randomness, hashing and clocks are minted before and passed in the command.
 */
export interface Decider<Command, State> {
  streamOf: (command: Command) => string;
  initialState: State;
  evolve: (state: State, event: RecordedEvent) => State;
  decide: (command: Command, state: State) => DomainEvent[];
}

export interface Handled<State> {
  /** The state the decision was made on. */
  state: State;
  events: DomainEvent[];
  /** Global position of the append, or null when the command decided nothing. */
  position: number | null;
}

/**
 * The one command cycle: load the stream, fold it, decide, append with the revision it was
 * read at (so a concurrent writer makes the append fail instead of being overwritten),
 * retry the whole cycle on such a conflict (a 409 after a few), then wait until the read
 * models and the redirect cache include the events, so the next request sees them.
 */
export async function handleCommand<Command, State>(
  platform: ReadYourWrites & Pick<Platform, 'events'>,
  context: CommandContext,
  decider: Decider<Command, State>,
  command: Command,
): Promise<Handled<State>> {
  const stream = decider.streamOf(command);
  const metadata = metadataFor(context);
  const handled = await withRetries(async () => {
    const recorded = await platform.events.readStream(stream);
    const state = recorded.reduce(decider.evolve, decider.initialState);
    const events = decider.decide(command, state);
    if (events.length === 0) return { state, events, position: null };
    const expected = recorded.at(-1)?.revision ?? 'no_stream';
    const { position } = await platform.events.append([{ stream, expected, events: events.map((event) => toNewEvent(event, metadata)) }]);
    return { state, events, position };
  });
  if (handled.position !== null) await waitForReadModel(platform, handled.position);
  return handled;
}
