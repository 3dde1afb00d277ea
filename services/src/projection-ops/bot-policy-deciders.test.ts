import { describe, it } from 'vitest';
import { DEFAULT_BOT_POLICY } from '@linkledger/contracts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { botPolicyDecider } from './bot-policy-deciders.ts';

const policies = deciderSpec(botPolicyDecider, 'bot-policy');
const strict = { known_bots: true, patterns: ['curl', 'python-requests'] };

describe('the bot policy', () => {
  it('given the default policy, when the same is set, then nothing is recorded; when another is set, then it replaces it whole', () => {
    policies.given([]).when(DEFAULT_BOT_POLICY).then([]);
    policies
      .given([])
      .when(strict)
      .then([{ type: 'BotPolicyChanged', data: strict }]);
  });

  it('given a policy set before, then the same patterns again record nothing, and a change in the patterns or the known bots does', () => {
    const afterStrict = policies.given([{ type: 'BotPolicyChanged', data: strict }]);
    afterStrict.when({ known_bots: true, patterns: ['curl', 'python-requests'] }).then([]);
    afterStrict.when({ known_bots: true, patterns: ['curl'] }).then([{ type: 'BotPolicyChanged', data: { known_bots: true, patterns: ['curl'] } }]);
    afterStrict
      .when({ known_bots: false, patterns: strict.patterns })
      .then([{ type: 'BotPolicyChanged', data: { known_bots: false, patterns: strict.patterns } }]);
  });
});
