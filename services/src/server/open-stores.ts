import { join } from 'node:path';
import type { EventStore, ReadStore } from '@linkledger/contracts';
import { ClickHouseAnalyticsStore } from '../stores/analytics/clickhouse-analytics-store.ts';
import { liveOwner } from '../stores/analytics/owner-link.ts';
import { SqliteEventStore } from '../stores/events/sqlite-event-store.ts';
import { SqliteReadStore } from '../stores/read/sqlite-read-store.ts';
import type { Config } from '../platform/config.ts';
import { assertKeysCoverLog } from './data-dir-consistency.ts';
import { PersonalDataVault } from '../privacy/personal-data-vault.ts';
import { openDataKeyStore } from '../privacy/open-data-key-store.ts';

/** The log, with personal fields sealed under their users' data keys (docs/privacy.md#crypto-shredding). */
export async function openEventStore(config: Config): Promise<EventStore> {
  const log = await openLog(config);
  const keys = await openDataKeyStore(config);
  try {
    await assertKeysCoverLog(log, keys);
  } catch (error) {
    await log.close();
    await keys.close();
    throw error;
  }
  return new PersonalDataVault(log, keys);
}

async function openLog(config: Config): Promise<EventStore> {
  if (config.EVENTSTORE_URL) {
    const { KurrentDbEventStore } = await import('../stores/events/kurrentdb-event-store.ts');
    return new KurrentDbEventStore(config.EVENTSTORE_URL);
  }
  // The projector process hears of the HTTP process's appends only by looking: it looks
  // often, so a command waiting to read its own write waits little (an idle look is one
  // indexed max()). Its tail, filled by reading ahead, needs to span only the distance between its two
  // projectors (the analytics one lingers up to half a second): a shorter tail holds less
  // parsed memory under a stream of clicks.
  return new SqliteEventStore(join(config.DATA_DIR, 'events.db'), {
    synchronous: config.EVENTS_SYNC,
    ...(config.ROLE === 'projector' ? { pollMs: 5, tailSize: 5_000 } : {}),
  });
}

export async function openReadStore(config: Config): Promise<ReadStore> {
  if (config.MONGODB_URL) {
    const { MongoReadStore } = await import('../stores/read/mongo-read-store.ts');
    return MongoReadStore.connect(config.MONGODB_URL);
  }
  return new SqliteReadStore(join(config.DATA_DIR, 'read.db'));
}

export async function openAnalyticsStore(config: Config): Promise<ClickHouseAnalyticsStore> {
  if (config.CLICKHOUSE_URL) return ClickHouseAnalyticsStore.open({ kind: 'server', url: config.CLICKHOUSE_URL }, config.CLICKHOUSE_DATABASE);
  const path = join(config.DATA_DIR, 'analytics');
  try {
    return await ClickHouseAnalyticsStore.open({ kind: 'chdb', path }, config.CLICKHOUSE_DATABASE);
  } catch (error) {
    const owner = liveOwner(config.DATA_DIR);
    if (owner === null && !/lock/i.test(error instanceof Error ? error.message : String(error))) throw error;
    throw new AnalyticsOwnedElsewhere(path, owner, error);
  }
}

/** chDB's directory is open in another process (a running server, say). */
export class AnalyticsOwnedElsewhere extends Error {
  override name = 'AnalyticsOwnedElsewhere';
  constructor(
    readonly path: string,
    readonly ownerPid: number | null,
    cause: unknown,
  ) {
    super(
      `Another process${ownerPid === null ? '' : ` (pid ${ownerPid})`} owns the embedded analytics in ${path}: chDB opens a directory in one process only. ` +
        'Start this process with ROLE=api to serve HTTP on the same DATA_DIR (it asks the owner for analytics), or stop the other process first.',
      { cause },
    );
  }
}

/**
 * Embedded analytics (chDB) belong to one process per data directory: a ROLE=api process
 * without CLICKHOUSE_URL asks that process (ROLE=all or projector) over loopback.
 */
export const asksOwnerForAnalytics = (config: Config) => config.ROLE === 'api' && !config.CLICKHOUSE_URL;
