import type { EventStore, Subscription } from '@linkledger/contracts';
import type { ReadModelProgress } from '../platform/platform.ts';

interface Log {
  error(error: unknown, message: string): void;
}

export interface ScheduledRoundsOptions {
  /** How the log names it: "the billing scheduler". */
  name: string;
  events: EventStore;
  /** The read model the due work is found in: a prompted round waits for it to hold the prompt. */
  readModel: ReadModelProgress;
  /** Events after which work may be due at once rather than at the next tick (none: the ticks alone). */
  prompting: readonly string[];
  /** What following those events is, for the log ("payments"). */
  following: string;
  tickMs: number;
  /** A round's steps, each named for the log; one that fails does not stop the others. */
  steps(): [what: string, step: () => Promise<void>][];
  log: Log;
}

/**
 * The loop of the log-driven schedulers (docs/payments.md#lifecycle, docs/notifications.md):
 * a round at start (not awaited, so start-up never waits on mail), one every `tickMs`, and
 * one as soon as a prompting event is in the read model. Overlapping calls share the round
 * running and ask for one more after it. A failed step is logged and tried again at the next
 * round; nothing ends the loop.
 */
export class ScheduledRounds {
  private timer: NodeJS.Timeout | null = null;
  private subscription: Subscription | null = null;
  private running: Promise<void> | null = null;
  private again = false;

  constructor(private readonly options: ScheduledRoundsOptions) {}

  async start(): Promise<void> {
    const { events, readModel, prompting, log, name } = this.options;
    void this.tick();
    this.timer = setInterval(() => void this.tick(), this.options.tickMs);
    this.timer.unref();
    if (prompting.length === 0) return;
    const after = await events.headPosition();
    this.subscription = events.subscribe({ after, filter: { types: [...prompting] }, lingerMs: 50 }, async (batch, through) => {
      if (batch.length === 0) return;
      // A read model that lags only delays this round; the timer's next one finds the work anyway.
      await readModel.waitFor(through, 5_000).catch((error: unknown) => log.error(error, `${capitalized(name)} could not wait for the read model`));
      await this.tick();
    });
    this.subscription.done.catch((error: unknown) => log.error(error, `${capitalized(name)} stopped following ${this.options.following}`));
  }

  /** Does whatever is due now; overlapping calls share one run and ask for another after it. */
  tick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.round();
      } while (this.again);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.subscription?.stop();
    await this.running;
  }

  private async round(): Promise<void> {
    for (const [what, step] of this.options.steps()) {
      try {
        await step();
      } catch (error) {
        this.options.log.error(error, `${capitalized(this.options.name)} could not ${what}; it tries again at the next tick`);
      }
    }
  }
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
