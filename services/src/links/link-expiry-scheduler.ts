import type { EventStore, ReadStore } from '@linkledger/contracts';
import { LINKS, type LinkView } from '@linkledger/projections';
import type { ReadModelProgress } from '../platform/platform.ts';
import { RoundsScheduler, type RoundSteps } from '../platform/scheduled-rounds.ts';
import { recordLinkExpired } from './link-expiry.ts';

interface Deps {
  events: EventStore;
  read: ReadStore;
  readModel: ReadModelProgress;
  clock: () => Date;
}

/**
 * How often links whose expiry time passed are looked for. The redirect stops serving a link
 * at its expiry time by itself; this only records `LinkExpired` for history, notifications and
 * webhooks, so a few seconds late is fine.
 */
const TICK_MS = 15_000;
/** Links recorded per round at most, oldest expiry first; the rest wait for the next round. */
const ROUND_LIMIT = 500;

/**
 * Records `LinkExpired` (reason `expires_at`) for every link whose expiry time passed
 * (docs/links.md#schedule-and-expiry): found in the read model (`expiry_due`, set while the
 * expiry is not recorded), decided on the link's own stream, so a second round, a restart or a
 * second process records nothing more. Runs where the projectors run.
 */
export class LinkExpiryScheduler extends RoundsScheduler {
  constructor(
    private readonly deps: Deps,
    log: { error(error: unknown, message: string): void },
  ) {
    super(deps, log, 'link-expiry', { name: 'the link expiry scheduler', prompting: [], following: 'links', tickMs: TICK_MS });
  }

  protected steps(): RoundSteps {
    return [['record expired links', () => this.expireDue(this.deps.clock())]];
  }

  private async expireDue(now: Date): Promise<void> {
    const due = await this.deps.read.find<LinkView>(LINKS, {
      where: { expiry_due: { lte: now.toISOString() } },
      sort: [{ field: 'expiry_due', direction: 'asc' }],
      limit: ROUND_LIMIT,
    });
    for (const link of due) await recordLinkExpired(this.deps.events, now, { linkId: link.id, reason: 'expires_at' });
  }
}
