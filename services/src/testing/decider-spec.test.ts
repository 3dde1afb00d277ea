import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@linkledger/contracts';
import type { Decider, MultiStreamDecider } from '../commands/command-handler.ts';
import { conflict } from '../commands/domain-error.ts';
import { deciderSpec } from './decider-spec.ts';

const toggled = (enabled: boolean): DomainEvent => ({ type: 'SignupToggled', data: { enabled } });
const enabledAfter = (state: boolean, event: DomainEvent) => (event.type === 'SignupToggled' ? event.data.enabled : state);

/** Switch the sign-up: nothing when it already is so, refused while a freeze is on. */
const signupSwitch: Decider<{ enabled: boolean }, boolean> = {
  streamOf: () => 'system-test',
  initialState: true,
  evolve: enabledAfter,
  decide: (command, enabled) => (command.enabled === enabled ? [] : [toggled(command.enabled)]),
};

/** Across two streams: the switch, and a counter stream folded from its last event alone. */
const countedSwitch: MultiStreamDecider<{ enabled: boolean }, { signup: boolean; count: number }> = {
  streamsOf: () => ({
    signup: { stream: 'system-test', initialState: true, evolve: enabledAfter },
    count: { stream: 'sequence-test', initialState: 0, evolve: (count) => count + 1, latestOnly: true },
  }),
  decide: (command, states) => {
    if (states.count > 1) throw conflict('Read the whole sequence');
    if (command.enabled === states.signup) throw conflict('Already so');
    return { signup: [toggled(command.enabled)], count: [{ type: 'IdAllocated', data: { kind: 'user' } }] };
  },
};

describe('deciderSpec', () => {
  const spec = deciderSpec(signupSwitch);

  it('folds the given events into the state the decider sees', () => {
    expect(spec.given([]).state).toBe(true);
    expect(spec.given([toggled(false)]).state).toBe(false);
    expect(spec.given([toggled(false), toggled(true)]).state).toBe(true);
  });

  it('then: passes on the events decided, fails on others', () => {
    spec
      .given([toggled(false)])
      .when({ enabled: true })
      .then([toggled(true)]);
    spec.given([]).when({ enabled: true }).then([]);
    expect(() => spec.given([]).when({ enabled: false }).then([])).toThrow();
    expect(spec.given([]).when({ enabled: false }).events).toEqual([toggled(false)]);
  });

  it('thenThrows: passes on a refusal, fails when the command is decided', () => {
    const refusing = deciderSpec({
      ...signupSwitch,
      decide: () => {
        throw conflict('Frozen');
      },
    });
    refusing.given([]).when({ enabled: false }).thenThrows('Frozen');
    expect(() => refusing.given([]).when({ enabled: false }).thenThrows('Thawed')).toThrow();
    expect(() => spec.given([]).when({ enabled: false }).thenThrows()).toThrow();
  });

  it('gives a multi-stream decider each stream by name, a stream left out new, a sequence stream from its last event', () => {
    const multi = deciderSpec(countedSwitch);
    const allocated: DomainEvent = { type: 'IdAllocated', data: { kind: 'user' } };
    multi
      .given({})
      .when({ enabled: false })
      .then({ signup: [toggled(false)], count: [allocated] });
    multi
      .given({ signup: [toggled(false)] })
      .when({ enabled: false })
      .thenThrows('Already so');
    // Three allocations fold to 1, not 3: only the last is read.
    multi
      .given({ count: [allocated, allocated, allocated] })
      .when({ enabled: false })
      .then({ signup: [toggled(false)], count: [allocated] });
    expect(() => multi.given({}).when({ enabled: false }).thenThrows()).toThrow();
  });
});
