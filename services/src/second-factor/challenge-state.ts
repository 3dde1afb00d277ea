import { createHash } from 'node:crypto';
import type { DomainEvent, OAuthProvider } from '@linkledger/contracts';
import type { EventEnvelope } from '../commands/event-port.ts';

/*
 * The sign-in step between a correct first factor and a token (docs/accounts.md#second-factor):
 * a random challenge, valid for 5 minutes and once, that only the code step accepts. Its
 * stream is named by its hash, so the log never holds the challenge itself.
 */

export const challengeStream = (challenge: string) => `second-factor-challenge-${createHash('sha256').update(challenge).digest('hex')}`;

export type FirstFactor = 'password' | OAuthProvider;

export interface ChallengeState {
  issued: { userId: number; via: FirstFactor; issuedAt: string; expiresAt: string } | null;
  completed: boolean;
}

export const noChallenge: ChallengeState = { issued: null, completed: false };

export function evolveChallenge(state: ChallengeState, event: DomainEvent, envelope: EventEnvelope): ChallengeState {
  switch (event.type) {
    case 'SecondFactorChallengeIssued':
      return { ...state, issued: { userId: event.data.user_id, via: event.data.via, issuedAt: envelope.metadata.at, expiresAt: event.data.expires_at } };
    case 'SecondFactorChallengeCompleted':
      return { ...state, completed: true };
    default:
      return state;
  }
}
