import type { MultiStreamDecider } from '../commands/command-handler.ts';
import { conflict, forbidden, unauthorized } from '../commands/domain-error.ts';
import { accountRefusal } from '../http/account-status.ts';
import { evolveUser, noUser, type UserState } from '../accounts/index.ts';
import { decideCodeUse, type CodeCheck } from './second-factor-deciders.ts';
import { evolveSecondFactor, noSecondFactor, secondFactorStream, type SecondFactorState } from './second-factor-state.ts';
import { challengeStream, evolveChallenge, noChallenge, type ChallengeState, type FirstFactor } from './challenge-state.ts';

export const CHALLENGE_LIFETIME_MS = 5 * 60_000;
export const SIGN_IN_EXPIRED = 'Your sign-in has expired. Please sign in again.';

interface IssueChallenge {
  challenge: string;
  userId: number;
  via: FirstFactor;
  now: Date;
}

/**
 * Given an account whose first factor was just proven, when it signs in: with the second
 * factor on, a challenge for the code step is recorded (and no token is due); without it,
 * nothing, and the session starts at once.
 */
export function decideSignInStep(command: IssueChallenge, states: { challenge: ChallengeState; factor: SecondFactorState }) {
  if (!states.factor.enabled) return {};
  // Never expected from 256 random bits: the same challenge twice.
  if (states.challenge.issued) throw conflict('Please sign in again.');
  const expiresAt = new Date(command.now.getTime() + CHALLENGE_LIFETIME_MS).toISOString();
  return { challenge: [{ type: 'SecondFactorChallengeIssued' as const, data: { user_id: command.userId, via: command.via, expires_at: expiresAt } }] };
}

export const signInStepDecider: MultiStreamDecider<IssueChallenge, { challenge: ChallengeState; factor: SecondFactorState }> = {
  streamsOf: (command) => ({
    challenge: { stream: challengeStream(command.challenge), initialState: noChallenge, evolve: evolveChallenge },
    factor: { stream: secondFactorStream(command.userId), initialState: noSecondFactor, evolve: evolveSecondFactor },
  }),
  decide: decideSignInStep,
};

type AnswerStates = { challenge: ChallengeState; factor: SecondFactorState; user: UserState };

/**
 * Given a challenge, its account and the account's second factor, when a code is offered:
 * the challenge must be this account's, unexpired, unused and younger than the account's
 * last password change; the account still allowed to sign in; and the code good. The
 * challenge and the code are spent in one append.
 */
export function decideChallengeAnswer(command: CodeCheck & { challenge: string }, states: AnswerStates) {
  const issued = states.challenge.issued;
  const { user } = states;
  if (!issued || states.challenge.completed || issued.userId !== command.userId || command.now.getTime() >= Date.parse(issued.expiresAt)) {
    throw unauthorized(SIGN_IN_EXPIRED);
  }
  if (user.id === null) throw unauthorized(SIGN_IN_EXPIRED);
  const refusal = accountRefusal(user.deleted ? 'deleted' : user.status);
  if (refusal) throw forbidden(refusal);
  if (user.passwordChangedAt && Date.parse(user.passwordChangedAt) >= Date.parse(issued.issuedAt)) throw unauthorized(SIGN_IN_EXPIRED);
  return {
    factor: [decideCodeUse({ ...command, purpose: 'sign_in' }, states.factor)],
    challenge: [{ type: 'SecondFactorChallengeCompleted' as const, data: { user_id: command.userId } }],
  };
}

export const answerChallengeDecider: MultiStreamDecider<CodeCheck & { challenge: string }, AnswerStates> = {
  streamsOf: (command) => ({
    challenge: { stream: challengeStream(command.challenge), initialState: noChallenge, evolve: evolveChallenge },
    factor: { stream: secondFactorStream(command.userId), initialState: noSecondFactor, evolve: evolveSecondFactor },
    user: { stream: `user-${command.userId}`, initialState: noUser, evolve: evolveUser },
  }),
  decide: decideChallengeAnswer,
};
