import { BOT_POLICY_STREAM, type BotPolicy } from '@linkledger/contracts';
import type { Decider } from '../commands/command-handler.ts';
import { evolvePolicy, noPolicyChange, type PolicyState } from './bot-policy-state.ts';

const samePolicy = (a: BotPolicy, b: BotPolicy) => a.known_bots === b.known_bots && a.patterns.join('\n') === b.patterns.join('\n');

/** The policy replaces the previous one whole; the same policy again records nothing. */
export const botPolicyDecider: Decider<BotPolicy, PolicyState> = {
  streamOf: () => BOT_POLICY_STREAM,
  initialState: noPolicyChange,
  evolve: evolvePolicy,
  decide: (policy, state) => (samePolicy(policy, state.policy) ? [] : [{ type: 'BotPolicyChanged', data: policy }]),
};
