import type { AnalyticsStore, EventStore, ReadStore } from '@linkledger/contracts';
import {
  ClicksAnalyticsTarget,
  ProjectionRunner,
  ReadModelTarget,
  apiReadModel,
  latestBotPolicy,
  latestPurgeHorizon,
  type ProjectionTarget,
  type RunnerOptions,
} from '@linkledger/projections';
import { RebuildExecutor } from '../projection-ops/rebuild-executor.ts';
import { startUpgradeRebuild } from '../projection-ops/upgrade-rebuild.ts';
import { lacksPersonalWorkspaces } from '../workspaces/personal-workspaces-upgrade.ts';
import { openAnalysts, type Analysts } from '../analysts/analysts.ts';
import { serveAnalytics } from '../stores/analytics/analytics-owner-server.ts';
import { ClickHouseAnalyticsStore } from '../stores/analytics/clickhouse-analytics-store.ts';
import { RemoteAnalyticsStore } from '../stores/analytics/remote-analytics-store.ts';
import { LinkCache } from '../redirect/link-cache.ts';
import { createMailer } from '../mail/create-mailer.ts';
import { ConfiguredMailer } from '../mail/configured-mailer.ts';
import { OwedMailSender } from '../owed-mail/owed-mail-sender.ts';
import type { Config } from '../platform/config.ts';
import { privateDataDirectory } from '../platform/data-dir.ts';
import { awaitReadModelWithinLog, resetProjectionsAheadOfLog } from './data-dir-consistency.ts';
import { loadSecret } from '../platform/secrets.ts';
import type { Logger, Platform, ReadModelProgress } from '../platform/platform.ts';
import { maskedLog } from '../privacy/masked-log.ts';
import { withRepeatsCounted } from '../platform/repeated-errors.ts';
import { openPayments, type Payments } from '../payments/payment-setup.ts';
import { BillingScheduler } from '../payments/billing-scheduler.ts';
import { DomainRechecker } from '../domains/domain-rechecker.ts';
import { NotificationScheduler } from '../notifications/notification-scheduler.ts';
import { LinkExpiryScheduler } from '../links/link-expiry-scheduler.ts';
import { ReportScheduler } from '../reports/report-scheduler.ts';
import { ImportRunner } from '../imports/import-runner.ts';
import { NO_READ_MODEL } from '../commands/command-handler.ts';
import { forwardOnly, processMonotonic, type Monotonic } from '../platform/monotonic.ts';
import { owedMailComposers } from './owed-mail-composers.ts';
import { asksOwnerForAnalytics, openAnalyticsStore, openEventStore, openReadStore } from './open-stores.ts';
import { WebhookDeliverer, webhookNetwork } from '../webhooks/index.ts';

/**
 * The platform as this process opened it: what every feature gets (`Platform`) and the
 * members only one feature uses, each typed by that feature (the payment gateway, the
 * analysts' engine, the rebuilds, the schedulers).
 */
export interface OpenedPlatform extends Platform {
  /** Short code → link for the redirect path, kept fresh by link events. */
  linkCache: LinkCache;
  /** Runs the rebuilds admins start, where the projectors run (null when ROLE=api). */
  rebuilds: RebuildExecutor | null;
  /** Analysts' SQL: the ClickHouse endpoint (ANALYST_PORT) and the admin console's queries. */
  analysts: Analysts;
  /** The payment gateway (Razorpay or test mode) and what receipts say. */
  payments: Payments;
  /** Expiries, renewal reminders and receipt e-mails, where the projectors run (null when ROLE=api). */
  billingScheduler: BillingScheduler | null;
  /** The daily DNS re-check of verified custom domains, where the projectors run (null when ROLE=api). */
  domainRechecker: DomainRechecker | null;
  /** Weekly summaries, usage warnings and moderation notices, where the projectors run (null when ROLE=api). */
  notificationScheduler: NotificationScheduler | null;
  /** Records `LinkExpired` for links whose expiry time passed, where the projectors run (null when ROLE=api). */
  linkExpiryScheduler: LinkExpiryScheduler | null;
  reportScheduler: ReportScheduler | null;
  /** Works import jobs in the background and resumes the running ones at start, where the projectors run (null when ROLE=api). */
  importRunner: ImportRunner | null;
  owedMail: OwedMailSender;
  /** Delivers webhooks from the log, where the projectors run (null when ROLE=api). */
  webhookDeliverer: WebhookDeliverer | null;
}

/** Waits by polling the stored checkpoint: for an API process whose projectors run elsewhere. */
function polledProgress(read: ReadStore, projector: string): ReadModelProgress {
  return {
    async waitFor(position, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while ((await read.checkpoint(projector)) < position) {
        if (Date.now() >= deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, 3));
      }
      return true;
    },
  };
}

export interface PlatformOptions {
  log: Logger;
  clock?: () => Date;
  /** Default: the process's monotonic clock, or a forward-only view of an injected clock. */
  monotonic?: Monotonic;
  /** false: open the stores but run no projectors (the rebuild command drives them). Default true unless ROLE=api. */
  projectors?: boolean;
  /** How long a process without projectors waits for a read model ahead of the log to be rebuilt elsewhere (default 60 s). */
  readModelRepairWaitMs?: number;
  /** Wraps the opened stores, e.g. with a test's fault switch. */
  wrapStores?: { events?: (store: EventStore) => EventStore; read?: (store: ReadStore) => ReadStore; analytics?: (store: AnalyticsStore) => AnalyticsStore };
}

/** Long enough for the projector process, started beside this one, to open the stores and replay. */
const READ_MODEL_REPAIR_WAIT_MS = 60_000;

/** Opens the stores the configuration names and starts this process's projectors. */
export async function openPlatform(config: Config, options: PlatformOptions): Promise<OpenedPlatform> {
  // Every log line the platform writes goes out with e-mail addresses masked, and an error
  // met again and again (a projector retrying on a full disk) once per interval with a count.
  const clockForLog = options.clock ?? (() => new Date());
  const counted = withRepeatsCounted(maskedLog(options.log), () => clockForLog().getTime());
  options = { ...options, log: counted.log };
  privateDataDirectory(config.DATA_DIR);
  const secret = loadSecret(config.DATA_DIR, config.JWT_SECRET);
  const openedEvents = await openEventStore(config);
  const events = options.wrapStores?.events?.(openedEvents) ?? openedEvents;
  const openedRead = await openReadStore(config);
  const read = options.wrapStores?.read?.(openedRead) ?? openedRead;
  const remote = asksOwnerForAnalytics(config);
  const openedAnalytics: AnalyticsStore = remote ? new RemoteAnalyticsStore(config.DATA_DIR, secret) : await openAnalyticsStore(config);
  const analytics = options.wrapStores?.analytics?.(openedAnalytics) ?? openedAnalytics;
  // Clicks are classified with the newest bot policy in the log (docs/admin.md#bot-policy).
  const readModelTarget = new ReadModelTarget(read, apiReadModel, latestBotPolicy(events));
  await readModelTarget.init();
  // Clicks before an admin's purge are not stored again (docs/admin.md#purging-old-analytics).
  const analyticsTarget = new ClicksAnalyticsTarget(analytics, latestBotPolicy(events), latestPurgeHorizon(events));
  const clock = options.clock ?? (() => new Date());
  const monotonic = options.monotonic ?? (options.clock ? forwardOnly(() => clock().getTime()) : processMonotonic);

  const runners: ProjectionRunner[] = [];
  const runsProjectors = options.projectors ?? config.ROLE !== 'api';
  // A read model or analytics copied from later than the log would answer with data the log
  // does not have: where the projectors run, they are emptied and replayed (docs/operations.md#start-up-checks).
  if (runsProjectors) await resetProjectionsAheadOfLog(events, [readModelTarget, analyticsTarget], (message) => options.log.info(message));
  else
    await awaitReadModelWithinLog(events, readModelTarget, options.readModelRepairWaitMs ?? READ_MODEL_REPAIR_WAIT_MS, (message) => options.log.info(message));
  // Asked before the projectors run: the analytics' first link or user event would fill a fact,
  // the read model's first registration a personal workspace.
  const lacksFacts = runsProjectors && openedAnalytics instanceof ClickHouseAnalyticsStore && (await openedAnalytics.lacksFacts());
  const lacksWorkspaces = runsProjectors && (await lacksPersonalWorkspaces(read));
  if (runsProjectors) {
    // The read model answers commands (read your writes), so it lingers little; analytics can
    // wait a moment, and ClickHouse much prefers fewer, larger inserts. Under a stream of
    // clicks both linger longer, so they run in few large batches beside the redirects
    // (a command then waits at most ~20 ms more for the read model). The read model counts
    // as busy from 20 events a batch: its reads come every ~7 ms (poll and linger), so that
    // is a few thousand clicks a second, at which batches of 100 never gather and every
    // batch's commit and document rewrites were paid for ~30 clicks.
    const batching: [ProjectionTarget, Pick<RunnerOptions, 'lingerMs' | 'busyLingerMs' | 'busyBatch' | 'batchSize'>][] = [
      [readModelTarget, { lingerMs: 2, busyLingerMs: 20, busyBatch: 20 }],
      [analyticsTarget, { lingerMs: 200, busyLingerMs: 500, batchSize: 5000 }],
    ];
    for (const [target, batches] of batching) {
      const onError = (error: unknown) => options.log.error(error, `Projection ${target.name} failed; retrying from its checkpoint`);
      runners.push(new ProjectionRunner(events, target, { ...batches, onError, now: clock }));
    }
    await Promise.all(runners.map((runner) => runner.start()));
  }
  const rebuilds = runsProjectors ? new RebuildExecutor({ events, read, analytics, runners, readModelTarget, analyticsTarget, clock }, options.log) : null;
  await rebuilds?.start();
  if (rebuilds && (lacksFacts || lacksWorkspaces)) {
    const gap = {
      projections: [...(lacksWorkspaces ? (['read'] as const) : []), ...(lacksFacts ? (['analytics'] as const) : [])],
      fills: [...(lacksWorkspaces ? ['the personal workspaces'] : []), ...(lacksFacts ? ['the link and owner facts and the clicks’ destinations'] : [])].join(
        ' and ',
      ),
    };
    await startUpgradeRebuild({ events, clock }, gap, options.log);
  }
  const readModel = runners.find((r) => r.name === readModelTarget.name) ?? polledProgress(read, readModelTarget.name);
  const linkCache = new LinkCache(events, (error) => options.log.error(error, 'The redirect cache stopped following link changes'));
  if (config.ROLE !== 'projector') await linkCache.start();
  // The admin's e-mail settings win over the environment's choice, from the next message on.
  const mailer = new ConfiguredMailer(
    events,
    secret,
    createMailer(config, (message) => options.log.info(message)),
    clock,
    (error, message) => options.log.error(error, message),
  );
  const analysts = await openAnalysts(config, { events, secret, clock, log: options.log, remote });
  const payments = await openPayments(config, events, secret, clock);
  const billingScheduler = runsProjectors ? new BillingScheduler({ events, read, readModel, mailer, payments, clock }, options.log) : null;
  await billingScheduler?.start();
  const domainRechecker = runsProjectors ? new DomainRechecker({ events, read, config, clock }, options.log) : null;
  domainRechecker?.start();
  const analyticsProgress = runners.find((r) => r.name === analyticsTarget.name);
  const notificationScheduler = analyticsProgress
    ? new NotificationScheduler({ events, read, analytics, readModel, analyticsProgress, mailer, config, clock }, options.log)
    : null;
  await notificationScheduler?.start();
  const linkExpiryScheduler = runsProjectors ? new LinkExpiryScheduler({ events, read, readModel, clock }, options.log) : null;
  await linkExpiryScheduler?.start();
  const reportScheduler = runsProjectors ? new ReportScheduler({ events, read, analytics, readModel, mailer, config, clock }, options.log) : null;
  await reportScheduler?.start();
  const owedMail = new OwedMailSender(
    { events, read, readModel, mailer, clock, retryMs: config.MAIL_RETRY_SECONDS * 1000, composers: owedMailComposers },
    options.log,
  );
  if (runsProjectors) await owedMail.start();
  // The embedded analytics' owner answers the ROLE=api processes on its data directory.
  const owner = !config.CLICKHOUSE_URL && !remote && runsProjectors ? await serveAnalytics(analytics, config.DATA_DIR, secret, analysts.engine) : null;

  const opened: OpenedPlatform = {
    config,
    secret,
    events,
    read,
    analytics,
    readModelTarget,
    analyticsTarget,
    runners,
    rebuilds,
    readModel,
    linkCache,
    mailer,
    analysts,
    payments,
    billingScheduler,
    domainRechecker,
    notificationScheduler,
    linkExpiryScheduler,
    reportScheduler,
    importRunner: null,
    owedMail,
    webhookDeliverer: null,
    clock,
    monotonic,
    async close() {
      await opened.importRunner?.stop();
      await opened.webhookDeliverer?.stop();
      await domainRechecker?.stop();
      await notificationScheduler?.stop();
      await linkExpiryScheduler?.stop();
      await reportScheduler?.stop();
      await owedMail.stop();
      await billingScheduler?.stop();
      await owner?.close();
      await analysts.close();
      await rebuilds?.stop();
      await Promise.all(runners.map((runner) => runner.stop()));
      await linkCache.stop();
      await mailer.close();
      await events.close();
      await read.close();
      await analytics.close();
      counted.stop();
    },
  };
  // Imports create links through the same path as requests, so the runner is handed the platform; it waits for the
  // read model (the monthly limit counts from it) but not for a redirect cache, which a projector process does not run.
  opened.importRunner = runsProjectors ? new ImportRunner({ ...opened, linkCache: NO_READ_MODEL.linkCache }, options.log) : null;
  await opened.importRunner?.start();
  // The network a test may give (webhookNetwork) is the opened platform's, so the deliverer asks for it at each delivery.
  opened.webhookDeliverer = runsProjectors
    ? new WebhookDeliverer({ events, read, readModel, secret, config, clock, network: () => webhookNetwork(opened) }, options.log)
    : null;
  await opened.webhookDeliverer?.start();
  return opened;
}
