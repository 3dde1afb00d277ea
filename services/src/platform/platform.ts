import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AnalyticsStore, EventStore, ReadStore } from '@linkledger/contracts';
import { ClicksAnalyticsTarget, ProjectionRunner, ReadModelTarget, accountsAndLinksProjector } from '@linkledger/projections';
import { ClickHouseAnalyticsStore } from '../stores/analytics/clickhouse-analytics-store.ts';
import { SqliteEventStore } from '../stores/events/sqlite-event-store.ts';
import { SqliteReadStore } from '../stores/read/sqlite-read-store.ts';
import { LinkCache } from '../redirect/link-cache.ts';
import { createMailer } from '../mail/create-mailer.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Config } from './config.ts';
import { loadSecret } from './secrets.ts';

/** How the API waits for the read model to include a command's events (read your writes). */
export interface ReadModelProgress {
  waitFor(position: number, timeoutMs: number): Promise<boolean>;
}

export interface Logger {
  info(message: string): void;
  error(error: unknown, message: string): void;
}

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
  /** Short code → link for the redirect path, kept fresh by link events. */
  linkCache: LinkCache;
  /** Verification and reset messages: outbox folder, SendGrid or SMTP, as configured. */
  mailer: Mailer;
  clock: () => Date;
  close(): Promise<void>;
}

export async function openEventStore(config: Config): Promise<EventStore> {
  if (config.EVENTSTORE_URL) {
    const { KurrentDbEventStore } = await import('../stores/events/kurrentdb-event-store.ts');
    return new KurrentDbEventStore(config.EVENTSTORE_URL);
  }
  return new SqliteEventStore(join(config.DATA_DIR, 'events.db'), { synchronous: config.EVENTS_SYNC });
}

export async function openReadStore(config: Config): Promise<ReadStore> {
  if (config.MONGODB_URL) {
    const { MongoReadStore } = await import('../stores/read/mongo-read-store.ts');
    return MongoReadStore.connect(config.MONGODB_URL);
  }
  return new SqliteReadStore(join(config.DATA_DIR, 'read.db'));
}

export function openAnalyticsStore(config: Config): Promise<ClickHouseAnalyticsStore> {
  const target = config.CLICKHOUSE_URL
    ? ({ kind: 'server', url: config.CLICKHOUSE_URL } as const)
    : ({ kind: 'chdb', path: join(config.DATA_DIR, 'analytics') } as const);
  return ClickHouseAnalyticsStore.open(target, config.CLICKHOUSE_DATABASE);
}

/** Waits by polling the stored checkpoint: for an API process whose projectors run elsewhere. */
function polledProgress(read: ReadStore, projector: string): ReadModelProgress {
  return {
    async waitFor(position, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while ((await read.checkpoint(projector)) < position) {
        if (Date.now() >= deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return true;
    },
  };
}

/** Opens the stores the configuration names and starts this process's projectors. */
export async function openPlatform(config: Config, options: { log: Logger; clock?: () => Date }): Promise<Platform> {
  mkdirSync(config.DATA_DIR, { recursive: true });
  const secret = loadSecret(config.DATA_DIR, config.JWT_SECRET);
  const events = await openEventStore(config);
  const read = await openReadStore(config);
  const analytics = await openAnalyticsStore(config);
  const readModelTarget = new ReadModelTarget(read, accountsAndLinksProjector);
  await readModelTarget.init();
  const analyticsTarget = new ClicksAnalyticsTarget(analytics);

  const runners: ProjectionRunner[] = [];
  if (config.ROLE !== 'api') {
    // The read model answers commands (read your writes), so it lingers little; analytics can
    // wait a moment, and ClickHouse much prefers fewer, larger inserts.
    const lingerMs = new Map<string, number>([
      [readModelTarget.name, 2],
      [analyticsTarget.name, 200],
    ]);
    for (const target of [readModelTarget, analyticsTarget]) {
      runners.push(
        new ProjectionRunner(events, target, {
          lingerMs: lingerMs.get(target.name) ?? 0,
          onError: (error) => options.log.error(error, `Projection ${target.name} failed; retrying from its checkpoint`),
        }),
      );
    }
    await Promise.all(runners.map((runner) => runner.start()));
  }
  const readModel = runners.find((r) => r.name === readModelTarget.name) ?? polledProgress(read, readModelTarget.name);
  const linkCache = new LinkCache(events);
  if (config.ROLE !== 'projector') await linkCache.start();
  const mailer = createMailer(config, (message) => options.log.info(message));

  return {
    config,
    secret,
    events,
    read,
    analytics,
    readModelTarget,
    analyticsTarget,
    runners,
    readModel,
    linkCache,
    mailer,
    clock: options.clock ?? (() => new Date()),
    async close() {
      await Promise.all(runners.map((runner) => runner.stop()));
      await linkCache.stop();
      await mailer.close();
      await events.close();
      await read.close();
      await analytics.close();
    },
  };
}
