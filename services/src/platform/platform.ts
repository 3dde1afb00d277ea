import type { AnalyticsStore, EventStore, ReadStore } from '@linkledger/contracts';
import type { ClicksAnalyticsTarget, ProjectionRunner, ReadModelTarget } from '@linkledger/projections';
import type { Mailer } from '../mail/mailer.ts';
import type { Config } from './config.ts';
import type { Monotonic } from './monotonic.ts';
import type { VisitorBrandLookup } from './visitor-brand-port.ts';

/** How the API waits for the read model to include a command's events (read your writes). */
export interface ReadModelProgress {
  waitFor(position: number, timeoutMs: number): Promise<boolean>;
}

export interface Logger {
  info(message: string): void;
  error(error: unknown, message: string): void;
}

/** The mails commands owe, sent at once by the request that owes them (owed-mail/ implements it). */
interface OwedMailDelivery {
  deliver(mailId: string): Promise<void>;
}

/**
 * What every feature is handed: the configuration, the stores, the projections, the mailer
 * and the clocks. The composition root (`server/open-platform.ts`) opens it; members that
 * only one feature uses (the payment gateway, the analysts' engine, the rebuilds) are that
 * feature's own extension of this type (e.g. `PaymentsPlatform`), so nothing here depends
 * on a feature.
 */
export interface Platform {
  config: Config;
  secret: string;
  events: EventStore;
  read: ReadStore;
  analytics: AnalyticsStore;
  readModelTarget: ReadModelTarget;
  analyticsTarget: ClicksAnalyticsTarget;
  /** The projectors this process runs (none when ROLE=api). */
  runners: ProjectionRunner[];
  readModel: ReadModelProgress;
  /**
   * The redirect cache (short code → link), of which commands wait for the progress, the visitors'
   * brands it keeps, and whether an owner is banned or deleted (what it owns then stops).
   */
  linkCache: { progress: ReadModelProgress; brands?: VisitorBrandLookup; ownerBanned?(ownerId: number): Promise<boolean> };
  /** Verification and reset messages: outbox folder, SendGrid or SMTP, as configured. */
  mailer: Mailer;
  /** The mails commands owe: sent by the owing request, else by the sender's rounds where the projectors run. */
  owedMail: OwedMailDelivery;
  clock: () => Date;
  /** Milliseconds that never go back: what rate limits and throttles count with (monotonic.ts). */
  monotonic: Monotonic;
  close(): Promise<void>;
}
