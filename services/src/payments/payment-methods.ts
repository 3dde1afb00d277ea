import type { Decider } from '../commands/command-handler.ts';

interface ChooseMethod {
  userId: number;
  methodId: string;
  action: 'default' | 'remove';
}

/** What the methods stream (`payment-methods-{userId}`) records: the user's choices; the methods themselves come from payments. */
interface MethodChoices {
  defaultId: string | null;
}

/**
 * Given the user's choices, when they make a method their default or remove one, then the
 * choice is recorded; the default again changes nothing. (That the method is one they paid
 * with is checked against the methods list before the command.)
 */
export const methodChoiceDecider: Decider<ChooseMethod, MethodChoices> = {
  streamOf: (command) => `payment-methods-${command.userId}`,
  initialState: { defaultId: null },
  evolve: (state, event) => {
    if (event.type === 'PaymentMethodDefaultSet') return { defaultId: event.data.method_id };
    if (event.type === 'PaymentMethodRemoved' && event.data.method_id === state.defaultId) return { defaultId: null };
    return state;
  },
  decide: (command, state) => {
    const data = { user_id: command.userId, method_id: command.methodId };
    if (command.action === 'remove') return [{ type: 'PaymentMethodRemoved', data }];
    return state.defaultId === command.methodId ? [] : [{ type: 'PaymentMethodDefaultSet', data }];
  },
};
