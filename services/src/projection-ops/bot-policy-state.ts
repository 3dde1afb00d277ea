import { DEFAULT_BOT_POLICY, type BotPolicy, type DomainEvent } from '@linkledger/contracts';
import type { EventEnvelope } from '../commands/event-port.ts';

/** The policy in force and the event that set it (position 0, no time: the default). */
export interface PolicyState {
  policy: BotPolicy;
  position: number;
  at: string | null;
}

export const noPolicyChange: PolicyState = { policy: DEFAULT_BOT_POLICY, position: 0, at: null };

export function evolvePolicy(state: PolicyState, event: DomainEvent, envelope: EventEnvelope): PolicyState {
  return event.type === 'BotPolicyChanged' ? { policy: event.data, position: envelope.position, at: envelope.metadata.at } : state;
}
