import { expect } from 'vitest';
import type { DomainEvent } from '@linkledger/contracts';
import type { Decider, MultiStreamDecider, StreamSpec } from '../commands/command-handler.ts';
import { foldEvents } from '../commands/event-port.ts';
import { recorded } from './recorded.ts';

/** What a one-stream spec needs of a decider: the stream's name plays no part in a decision. */
type SpecDecider<Command, State> = Pick<Decider<Command, State>, 'initialState' | 'evolve' | 'decide'>;

/** What `thenThrows` accepts, as vitest's `toThrow` does: a message part, a pattern, an error or its class. */
export type Refusal = string | RegExp | Error | (abstract new (...args: never[]) => Error);

/** The command decided on the given history: read its events, or assert them. */
interface Decided<Events> {
  /** The events the command decides; throws what `decide` throws. */
  readonly events: Events;
  /** Named as the spec reads (given/when/then); nothing awaits a decision, so being "thenable" is harmless. */
  then(expected: Events): void;
  thenThrows(refusal?: Refusal): void;
}

export interface Given<Command, State> {
  /** The state the stream's history folds into, as the command handler would fold it. */
  readonly state: State;
  when(command: Command): Decided<DomainEvent[]>;
}

interface GivenStreams<Command, States extends Record<string, unknown>> {
  when(command: Command): Decided<{ [K in keyof States]?: DomainEvent[] }>;
}

type Histories<States> = { [K in keyof States]?: DomainEvent[] };

/**
 * Given/when/then for deciders, without I/O: `deciderSpec(decider).given(events).when(command)`
 * then `.then(events)` or `.thenThrows(refusal)`. A one-stream decider is given that stream's
 * events; a multi-stream decider is given each stream's events by name (a stream left out is new).
 */
export function deciderSpec<Command, State>(decider: SpecDecider<Command, State>, stream?: string): { given: (events: DomainEvent[]) => Given<Command, State> };
export function deciderSpec<Command, States extends Record<string, unknown>>(
  decider: MultiStreamDecider<Command, States>,
): { given: (histories: Histories<States>) => GivenStreams<Command, States> };
export function deciderSpec<Command, State, States extends Record<string, unknown>>(
  decider: SpecDecider<Command, State> | MultiStreamDecider<Command, States>,
  stream = 'test-stream',
) {
  if ('streamsOf' in decider) {
    return {
      given: (histories: Histories<States>): GivenStreams<Command, States> => ({
        when: (command) => decided(() => decider.decide(command, foldStreams(decider.streamsOf(command), histories))),
      }),
    };
  }
  return {
    given: (events: DomainEvent[]): Given<Command, State> => {
      const state = foldEvents(recorded(events, stream), decider.evolve, decider.initialState);
      return { state, when: (command) => decided(() => decider.decide(command, state)) };
    },
  };
}

function foldStreams<States extends Record<string, unknown>>(specs: { [K in keyof States]: StreamSpec<States[K]> }, histories: Histories<States>): States {
  const fold = <K extends keyof States>(name: K): States[K] => {
    const spec = specs[name];
    const history = histories[name] ?? [];
    // A sequence stream is folded from its last event alone, as the command handler reads it.
    return foldEvents(recorded(spec.latestOnly ? history.slice(-1) : history, spec.stream), spec.evolve, spec.initialState);
  };
  return Object.fromEntries(Object.keys(specs).map((name) => [name, fold(name as keyof States)])) as States;
}

function decided<Events>(decide: () => Events): Decided<Events> {
  return {
    get events() {
      return decide();
    },
    then: (expected) => expect(decide()).toEqual(expected),
    thenThrows: (refusal) => expect(decide).toThrow(refusal),
  };
}
