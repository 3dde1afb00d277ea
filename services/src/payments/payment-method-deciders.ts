import type { Decider } from '../commands/command-handler.ts';
import { evolveMethodChoices, methodsStream, noMethodChoices, type MethodChoices } from './payment-method-state.ts';

interface ChooseMethod {
  userId: number;
  methodId: string;
  action: 'default' | 'remove';
}

/**
 * Given the user's choices, when they make a method their default or remove one, then the
 * choice is recorded; the default again changes nothing. (That the method is one they paid
 * with is checked against the methods list before the command.)
 */
export const methodChoiceDecider: Decider<ChooseMethod, MethodChoices> = {
  streamOf: (command) => methodsStream(command.userId),
  initialState: noMethodChoices,
  evolve: evolveMethodChoices,
  decide: (command, state) => {
    const data = { user_id: command.userId, method_id: command.methodId };
    if (command.action === 'remove') return [{ type: 'PaymentMethodRemoved', data }];
    return state.defaultId === command.methodId ? [] : [{ type: 'PaymentMethodDefaultSet', data }];
  },
};
