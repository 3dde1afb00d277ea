import type { AppendResult, DomainEvent, StreamAppend } from '@linkledger/contracts';
import { metadataFor, toNewEvent, withRetries, type CommandContext } from './command-context.ts';
import { foldEvents, type Evolve } from './event-port.ts';
import type { Platform } from '../platform/platform.ts';
import { waitForReadModel, type ReadYourWrites } from './read-your-writes.ts';

/**
 * What a feature declares for one command on one stream: where it acts, how the stream's
 * events fold into state, and what the command decides given that state. `decide` is pure:
 * randomness, hashing and clocks are minted before and passed in the command.
 */
export interface Decider<Command, State> {
  streamOf: (command: Command) => string;
  initialState: State;
  evolve: Evolve<State>;
  decide: (command: Command, state: State) => DomainEvent[];
}

/** One of the streams a multi-stream command reads and may append to. */
export interface StreamSpec<State> {
  stream: string;
  initialState: State;
  evolve: Evolve<State>;
  /** The state is the stream's last event alone (a sequence): only that one is read, however long the stream. */
  latestOnly?: boolean;
  /**
   * A log no decision depends on (a survey's responses): appended whatever was appended since
   * it was read, so writers that only add to it never make each other retry.
   */
  appendsAtAnyRevision?: boolean;
}

/**
 * A command whose decision spans several streams (a token and its user, several links):
 * each is read and folded, the decision names the events per stream, and they are appended
 * in one atomic append, each stream at the revision it was read at.
 */
export interface MultiStreamDecider<Command, States extends Record<string, unknown>> {
  streamsOf: (command: Command) => { [K in keyof States]: StreamSpec<States[K]> };
  decide: (command: Command, states: States) => { [K in keyof States]?: DomainEvent[] };
}

export interface Handled<State> {
  /** The state the decision was made on. */
  state: State;
  events: DomainEvent[];
  /** Global position of the append, or null when the command decided nothing. */
  position: number | null;
  /** Whether the read model and the redirect cache included the append before the wait ended (true when nothing was appended). */
  shown: boolean;
}

/** What running a command needs: the event store, and the read models to wait for. */
export type CommandDeps = ReadYourWrites & Pick<Platform, 'events'>;

const already = { waitFor: async () => true };
/** For commands run outside a server (a CLI): there is no read model or redirect cache to wait for. */
export const NO_READ_MODEL: ReadYourWrites = { readModel: already, linkCache: { progress: already } };

/**
 * The one command cycle: load the streams, fold them, decide, append with the revision each
 * was read at (so a concurrent writer makes the append fail instead of being overwritten),
 * retry the whole cycle on such a conflict (a 409 after a few), then wait (bounded) until the
 * read models and the redirect cache include the events, so the next request sees them. A
 * wait that ends first is reported (`shown: false`, `context.onNotYetShown`), never thrown:
 * the write happened, and whatever the caller does after it still runs.
 */
export async function handleMultiStreamCommand<Command, States extends Record<string, unknown>>(
  platform: CommandDeps,
  context: CommandContext,
  decider: MultiStreamDecider<Command, States>,
  command: Command,
): Promise<Handled<States>> {
  const specs = Object.entries(decider.streamsOf(command)) as [keyof States & string, StreamSpec<unknown>][];
  const metadata = metadataFor(context);
  const handled = await withRetries(async () => {
    const read = (spec: StreamSpec<unknown>) =>
      spec.latestOnly ? platform.events.readAll({ direction: 'backward', limit: 1, filter: { stream: spec.stream } }) : platform.events.readStream(spec.stream);
    const loaded = await Promise.all(specs.map(async ([key, spec]) => ({ key, spec, recorded: await read(spec) })));
    const states = Object.fromEntries(loaded.map(({ key, spec, recorded }) => [key, foldEvents(recorded, spec.evolve, spec.initialState)])) as States;
    const decided = decider.decide(command, states);
    const appends: StreamAppend[] = loaded
      .filter(({ key }) => (decided[key]?.length ?? 0) > 0)
      .map(({ key, spec, recorded }) => ({
        stream: spec.stream,
        expected: spec.appendsAtAnyRevision ? 'any' : (recorded.at(-1)?.revision ?? 'no_stream'),
        events: decided[key]!.map((event) => toNewEvent(event, metadata)),
      }));
    const events = loaded.flatMap(({ key }) => decided[key] ?? []);
    const claim = context.claim;
    if (claim && appends.length) appends.push({ stream: claim.stream, expected: claim.expected, events: [toNewEvent(claim.event, metadata)] });
    const appended: AppendResult | null = appends.length ? await platform.events.append(appends) : null;
    return { state: states, events, position: appended?.position ?? null };
  });
  const shown = handled.position === null || (await waitForReadModel(platform, handled.position));
  if (!shown) context.onNotYetShown?.();
  return { ...handled, shown };
}

/** The cycle for a command on one stream: a multi-stream command of one. */
export async function handleCommand<Command, State>(
  platform: CommandDeps,
  context: CommandContext,
  decider: Decider<Command, State>,
  command: Command,
): Promise<Handled<State>> {
  const handled = await handleMultiStreamCommand(platform, context, asMultiStream(decider), command);
  return { ...handled, state: handled.state.only };
}

/** A one-stream decider as a multi-stream one (its stream under the key `only`), to run or wrap alike. */
export function asMultiStream<Command, State>(decider: Decider<Command, State>): MultiStreamDecider<Command, { only: State }> {
  return {
    streamsOf: (command) => ({ only: { stream: decider.streamOf(command), initialState: decider.initialState, evolve: decider.evolve } }),
    decide: (command, states) => ({ only: decider.decide(command, states.only) }),
  };
}
