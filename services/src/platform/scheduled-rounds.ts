import { randomUUID } from 'node:crypto';
import type { EventStore, Subscription } from '@linkledger/contracts';
import type { CommandContext } from '../commands/command-context.ts';
import { NO_READ_MODEL, type CommandDeps } from '../commands/command-handler.ts';
import type { ReadModelProgress } from './platform.ts';

interface Log {
  error(error: unknown, message: string): void;
}

/** A round's steps, each named for the log. */
export type RoundSteps = [what: string, step: () => Promise<void>][];

interface ScheduledRoundsOptions {
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
  steps(): RoundSteps;
  log: Log;
}

/**
 * The loop of the log-driven schedulers (docs/payments.md#lifecycle, docs/notifications.md):
 * a round at start (not awaited, so start-up never waits on mail), one every `tickMs`, and
 * one as soon as a prompting event is in the read model. Overlapping calls share the round
 * running and ask for one more after it. A failed step is logged and tried again at the next
 * round; nothing ends the loop.
 */
class ScheduledRounds {
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

/** How a scheduler's rounds go: what the log calls it, what prompts a round, how often one runs. */
type Schedule = Pick<ScheduledRoundsOptions, 'name' | 'prompting' | 'following' | 'tickMs'>;

/**
 * A scheduler working from the log on `ScheduledRounds`: started, ticked and stopped as one, its
 * work recorded by commands as a system actor.
 */
export abstract class RoundsScheduler {
  private readonly rounds: ScheduledRounds;
  /** Its commands answer nobody, so they wait for no read model (the next tick's query may lag; the stream decides). */
  protected readonly commands: CommandDeps;

  constructor(
    stores: { events: EventStore; readModel: ReadModelProgress },
    log: Log,
    /** The system actor its commands are recorded as, and their route. */
    private readonly actor: string,
    schedule: Schedule,
  ) {
    this.commands = { events: stores.events, ...NO_READ_MODEL };
    this.rounds = new ScheduledRounds({ ...schedule, events: stores.events, readModel: stores.readModel, log, steps: () => this.steps() });
  }

  /** What a round does, step by step. */
  protected abstract steps(): RoundSteps;

  /** Starts the rounds: at once (not awaited), every tick, and on each prompting event. */
  start(): Promise<void> {
    return this.rounds.start();
  }

  /** Does whatever is due now; overlapping calls share one run and ask for another after it. */
  tick(): Promise<void> {
    return this.rounds.tick();
  }

  stop(): Promise<void> {
    return this.rounds.stop();
  }

  /** The context of a command the scheduler records. */
  protected context(now: Date): CommandContext {
    return { actor: { kind: 'system', id: this.actor }, correlationId: randomUUID(), now, route: this.actor };
  }
}
