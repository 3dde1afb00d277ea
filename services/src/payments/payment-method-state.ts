import type { DomainEvent } from '@linkledger/contracts';

/** What the methods stream (`payment-methods-{userId}`) records: the user's choices; the methods themselves come from payments. */
export interface MethodChoices {
  defaultId: string | null;
}

export const noMethodChoices: MethodChoices = { defaultId: null };

export const methodsStream = (userId: number) => `payment-methods-${userId}`;

export function evolveMethodChoices(state: MethodChoices, event: DomainEvent): MethodChoices {
  if (event.type === 'PaymentMethodDefaultSet') return { defaultId: event.data.method_id };
  if (event.type === 'PaymentMethodRemoved' && event.data.method_id === state.defaultId) return { defaultId: null };
  return state;
}
