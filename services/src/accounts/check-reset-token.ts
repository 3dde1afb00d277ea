import type { ResetLinkCheckResponse } from '@linkledger/contracts';
import type { CommandDeps } from '../commands/command-handler.ts';
import { loadStream } from '../commands/command-context.ts';
import { DomainError, tooManyRequests } from '../commands/domain-error.ts';
import { perPlatform } from '../platform/per-platform.ts';
import { addressKey } from '../throttling/rate-limit.ts';
import { resetNeedsSecondFactor } from '../second-factor/index.ts';
import { emailTokenStream, evolveEmailToken, noEmailToken } from './email-tokens.ts';
import { evolveAccountWithKey, noAccountWithKey } from './reclaim.ts';
import { RESET_EXPIRED, RESET_INVALID, decidePasswordReset } from './email-link-deciders.ts';
import { whenAgain } from './throttles.ts';
import { WindowCounter } from '../throttling/window-counter.ts';

/**
 * What a reset link would meet if its form were sent now, without spending it: the reset's
 * own decision runs on the token's and the account's streams and nothing is appended
 * (docs/accounts.md#password-reset). A used link says "used" even once its hour is over.
 */
export async function checkResetToken(platform: Pick<CommandDeps, 'events'>, token: string, now: Date): Promise<ResetLinkCheckResponse> {
  const { state: link } = await loadStream(platform.events, emailTokenStream(token), noEmailToken, evolveEmailToken);
  const issued = link.issued?.purpose === 'reset_password' ? link.issued : null;
  if (issued === null) return dead('invalid', RESET_INVALID);
  if (link.redeemed) return dead('used', RESET_INVALID);
  const { state: account } = await loadStream(platform.events, `user-${issued.userId}`, noAccountWithKey, evolveAccountWithKey);
  try {
    decidePasswordReset(link, account, '', now);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return error.detail === RESET_EXPIRED ? dead('expired', RESET_EXPIRED) : dead('invalid', error.detail);
  }
  return { state: 'valid', detail: null, second_factor_required: (await resetNeedsSecondFactor(platform, token, now)) !== null };
}

const dead = (state: 'used' | 'expired' | 'invalid', detail: string): ResetLinkCheckResponse => ({ state, detail, second_factor_required: false });

/**
 * Checks of reset links from one network (an IPv4 address or an IPv6 /64): a person opens a
 * link a few times; a script walking tokens meets 429 long before it could matter.
 */
export class ResetLinkCheckThrottle {
  static readonly PER_ADDRESS = 30;
  static readonly WINDOW_MS = 15 * 60_000;
  private readonly checks: WindowCounter;
  constructor(now: () => number) {
    this.checks = new WindowCounter(ResetLinkCheckThrottle.PER_ADDRESS, ResetLinkCheckThrottle.WINDOW_MS, now);
  }

  take(ip: string): void {
    const wait = this.checks.take(addressKey(ip));
    if (wait > 0) throw tooManyRequests(`Too many reset links were checked from your address. Please try again ${whenAgain(wait)}.`, wait);
  }
}

export const resetLinkCheckThrottle = perPlatform((platform) => new ResetLinkCheckThrottle(platform.monotonic));
