import type { EventStore, OwedMailKind, ReadStore } from '@linkledger/contracts';
import { OWED_MAILS, type OwedMailView } from '@linkledger/projections';
import { handleCommand } from '../commands/command-handler.ts';
import { loadStream, type CommandContext } from '../commands/command-context.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import type { ReadModelProgress } from '../platform/platform.ts';
import { RoundsScheduler, type RoundSteps } from '../platform/scheduled-rounds.ts';
import { abandonDecider, leaseDecider, sentDecider, type AbandonReason } from './owed-mail-deciders.ts';
import { evolveOwedMail, noOwedMail, owedMailStream, type OwedMail } from './owed-mail-state.ts';

/** What an owed mail turns into when it is its time: the message, or why it is no longer sent. */
type Composed = { message: MailMessage } | { abandon: AbandonReason };

/** Writes one kind of owed mail from the log as it is now (minting its link's token, if it has one). */
export type OwedMailComposer = (events: EventStore, owed: OwedMail, context: CommandContext) => Promise<Composed>;

export type OwedMailComposers = Record<OwedMailKind, OwedMailComposer>;

interface Deps {
  events: EventStore;
  read: ReadStore;
  /** The read model the owed mails are found in. */
  readModel: ReadModelProgress;
  mailer: Mailer;
  clock: () => Date;
  /** How long a lease holds: the wait before a failed or abandoned attempt is tried again. */
  retryMs: number;
  composers: OwedMailComposers;
}

interface Log {
  error(error: unknown, message: string): void;
  info(message: string): void;
}

/** Owed mails taken per round: the rest wait for the next one. */
const ROUND_LIMIT = 200;

/**
 * Sends the mails commands owe (docs/operations.md#mail-that-is-never-lost). The request that
 * owed a mail tries it at once (`deliver`), under the lease its command recorded; a mail
 * whose lease ran out (the request failed, or its process died) is taken by the rounds of
 * the process that runs the projectors, which lease it again first, so no two senders try it
 * at once. A mail is recorded as sent once the transport accepted it: only a crash between
 * the two can send it twice; none loses it.
 */
export class OwedMailSender extends RoundsScheduler {
  constructor(
    private readonly deps: Deps,
    private readonly log: Log,
  ) {
    // Often enough that a mail waits about its lease, not a tick more.
    const tickMs = Math.min(30_000, Math.max(1_000, Math.floor(deps.retryMs / 2)));
    super(deps, log, 'mail-sender', { name: 'the mail sender', prompting: [], following: 'owed mail', tickMs });
  }

  protected steps(): RoundSteps {
    return [['send owed mail', () => this.sendDue()]];
  }

  /**
   * The owing request's own attempt, right after its command: resolves once the mail is
   * sent (or was already, or is no longer owed); throws when the transport refused it, and
   * the mail is then left to the sender.
   */
  async deliver(mailId: string): Promise<void> {
    await this.attempt(mailId, 'held');
  }

  private async sendDue(): Promise<void> {
    const now = this.deps.clock().toISOString();
    const due = await this.deps.read.find<OwedMailView>(OWED_MAILS, {
      where: { lease_until: { lte: now } },
      sort: [{ field: 'lease_until', direction: 'asc' }],
      limit: ROUND_LIMIT,
    });
    for (const mail of due) {
      try {
        await this.attempt(mail.id, 'take');
      } catch (error) {
        this.log.error(error, `The mail sender could not send owed mail ${mail.id}; it tries again in ${Math.round(this.deps.retryMs / 1000)} s`);
      }
    }
  }

  /** `held`: under the owing command's lease; `take`: only once a lease is taken here. */
  private async attempt(mailId: string, lease: 'held' | 'take'): Promise<void> {
    const { events, clock, retryMs, composers, mailer } = this.deps;
    let owed: OwedMail | null;
    if (lease === 'take') {
      const taken = await handleCommand(this.commands, this.context(this.deps.clock()), leaseDecider, { mailId, now: clock(), retryMs });
      if (taken.events[0]?.type !== 'MailLeased') {
        if (taken.events[0]?.type === 'MailAbandoned') this.log.info(`Owed mail ${mailId} (${taken.state.owed?.kind}) was given up: it is past its use`);
        return;
      }
      owed = taken.state.owed;
    } else {
      const { state } = await loadStream(events, owedMailStream(mailId), noOwedMail, evolveOwedMail);
      owed = state.ended ? null : state.owed;
    }
    if (!owed) return;
    const composed = await composers[owed.kind](events, owed, this.context(this.deps.clock()));
    if ('abandon' in composed) {
      await handleCommand(this.commands, this.context(this.deps.clock()), abandonDecider, { mailId, reason: composed.abandon });
      return;
    }
    await mailer.send(owed.environmentOnly ? { ...composed.message, environmentOnly: true } : composed.message);
    await handleCommand(this.commands, this.context(this.deps.clock()), sentDecider, { mailId });
  }
}
