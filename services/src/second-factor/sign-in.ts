import { randomBytes } from 'node:crypto';
import type { Role, SignInResponse } from '@linkledger/contracts';
import { handleMultiStreamCommand, type CommandDeps } from '../commands/command-handler.ts';
import { loadStream, type CommandContext } from '../commands/command-context.ts';
import { unauthorized } from '../commands/domain-error.ts';
import type { Platform } from '../platform/platform.ts';
import { startSession } from '../settings/index.ts';
import { guardedCodeCheck } from './code-throttle.ts';
import { secondFactorKeys } from './second-factor-keys.ts';
import { CHALLENGE_LIFETIME_MS, SIGN_IN_EXPIRED, answerChallengeDecider, signInStepDecider } from './challenge-deciders.ts';
import { challengeStream, evolveChallenge, noChallenge, type FirstFactor } from './challenge-state.ts';

const newChallenge = () => randomBytes(32).toString('base64url');

const asAccount = (context: CommandContext, userId: number): CommandContext => ({ ...context, actor: { kind: 'user', id: String(userId) } });

/**
 * The last step of every sign-in once the first factor is proven (a password, a provider):
 * an account without a second factor gets its token; one with it gets a challenge for the
 * code step instead (docs/accounts.md#second-factor).
 */
export async function finishSignIn(
  platform: CommandDeps & Pick<Platform, 'secret' | 'read'>,
  context: CommandContext,
  account: { userId: number; role: Role },
  via: FirstFactor,
  userAgent: string | undefined,
): Promise<SignInResponse> {
  const challenge = newChallenge();
  const { events } = await handleMultiStreamCommand(platform, asAccount(context, account.userId), signInStepDecider, {
    challenge,
    userId: account.userId,
    via,
    now: context.now,
  });
  if (events.length === 0) return { access_token: await startSession(platform, context, account, userAgent), token_type: 'bearer' };
  return { second_factor_required: true, challenge, expires_in: CHALLENGE_LIFETIME_MS / 1000 };
}

/** The code step: a good code for a live challenge spends both and starts the session. */
export async function answerChallenge(
  platform: Platform,
  context: CommandContext,
  input: { challenge: string; code: string; ip: string; userAgent: string | undefined },
): Promise<string> {
  const { state: pending } = await loadStream(platform.events, challengeStream(input.challenge), noChallenge, evolveChallenge);
  const userId = pending.issued?.userId;
  if (!userId) throw unauthorized(SIGN_IN_EXPIRED);
  const accountContext = asAccount(context, userId);
  const { state } = await guardedCodeCheck(platform, userId, input.ip, () =>
    handleMultiStreamCommand(platform, accountContext, answerChallengeDecider, {
      challenge: input.challenge,
      userId,
      code: input.code,
      now: context.now,
      keys: secondFactorKeys(platform.secret),
    }),
  );
  return startSession(platform, accountContext, { userId, role: state.user.role }, input.userAgent);
}
