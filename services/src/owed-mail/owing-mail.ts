import type { DomainEvent } from '@linkledger/contracts';
import { asMultiStream, type Decider, type MultiStreamDecider } from '../commands/command-handler.ts';
import { owedMailSpec } from './owed-mail-deciders.ts';
import type { OwedMailState } from './owed-mail-state.ts';

/**
 * A one-stream command that may owe a mail by what it decides: the mail's own stream is
 * written in the same atomic append (docs/operations.md#mail-that-is-never-lost). `owe`
 * sees the decided events and the state they were decided on, and answers the `MailOwed`
 * event or null; a command that decides nothing owes nothing.
 */
export function owingMail<C, S>(
  decider: Decider<C, S>,
  mailId: string,
  owe: (decided: DomainEvent[], state: S) => DomainEvent | null,
): MultiStreamDecider<C, { main: S; mail: OwedMailState }> {
  const single = asMultiStream(decider);
  return {
    streamsOf: (command) => ({ main: single.streamsOf(command).only, mail: owedMailSpec(mailId) }),
    decide: (command, states) => {
      const decided = decider.decide(command, states.main);
      const owed = decided.length > 0 ? owe(decided, states.main) : null;
      return { main: decided, mail: owed ? [owed] : [] };
    },
  };
}
