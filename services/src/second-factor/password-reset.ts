import { handleCommand, type CommandDeps } from '../commands/command-handler.ts';
import { loadStream, type CommandContext } from '../commands/command-context.ts';
import { invalid } from '../commands/domain-error.ts';
import { emailTokenStream, evolveEmailToken, noEmailToken, decidePasswordReset, evolveAccountWithKey, noAccountWithKey } from '../accounts/index.ts';
import type { Platform } from '../platform/platform.ts';
import { guardedCodeCheck } from './code-throttle.ts';
import { useCodeDecider } from './second-factor-deciders.ts';
import { secondFactorKeys } from './second-factor-keys.ts';
import { evolveSecondFactor, noSecondFactor, secondFactorStream } from './second-factor-state.ts';

export const RESET_NEEDS_CODE =
  'This account uses two-step verification: enter the 6-digit code from your authenticator app, or one of your recovery codes, to set a new password.';

/**
 * The account a reset link would act on when that account has a second factor, else null.
 * A link the reset would refuse (unknown, used, stale, expired) throws the reset's own
 * refusal first, so no code is asked for, or spent, on a dead link.
 */
export async function resetNeedsSecondFactor(platform: Pick<CommandDeps, 'events'>, token: string, now: Date): Promise<number | null> {
  const { state: link } = await loadStream(platform.events, emailTokenStream(token), noEmailToken, evolveEmailToken);
  const userId = link.issued?.purpose === 'reset_password' ? link.issued.userId : null;
  if (userId === null) return null;
  const { state: factor } = await loadStream(platform.events, secondFactorStream(userId), noSecondFactor, evolveSecondFactor);
  if (!factor.enabled) return null;
  const { state: account } = await loadStream(platform.events, `user-${userId}`, noAccountWithKey, evolveAccountWithKey);
  // The reset's own decision, run without recording anything: it throws for a dead link.
  decidePasswordReset(link, account, '', now);
  return userId;
}

/** Before a reset by link sets the password: an account with a second factor spends a good code, or the reset is refused. */
export async function proveSecondFactorForReset(
  platform: Platform,
  context: CommandContext,
  input: { token: string; code: string | undefined; ip: string },
): Promise<void> {
  const userId = await resetNeedsSecondFactor(platform, input.token, context.now);
  if (userId === null) return;
  const code = input.code?.trim();
  if (!code) throw invalid(RESET_NEEDS_CODE);
  await guardedCodeCheck(platform, userId, input.ip, () =>
    handleCommand(platform, { ...context, actor: { kind: 'user', id: String(userId) } }, useCodeDecider, {
      userId,
      code,
      now: context.now,
      keys: secondFactorKeys(platform.secret),
      purpose: 'password_reset',
    }),
  );
}
