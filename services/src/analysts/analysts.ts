import { join } from 'node:path';
import type { EventStore } from '@linkledger/contracts';
import type { Config } from '../platform/config.ts';
import type { Logger, Platform } from '../platform/platform.ts';
import { AnalystQueries } from './analyst-queries.ts';
import { ChdbSqlEngine } from '../stores/analytics/chdb-sql-engine.ts';
import { serveAnalystHttp, type AnalystHttpServer } from './clickhouse-http-server.ts';
import { CredentialDirectory } from './credential-directory.ts';
import { RemoteSqlEngine } from '../stores/analytics/remote-sql-engine.ts';
import { ServerSqlEngine } from '../stores/analytics/server-sql-engine.ts';
import { analystDatabaseOf, analystLimits, type SqlEngine } from '../stores/analytics/sql-engine.ts';

/** SQL for analysts and the admin console (docs/analysts.md). */
export interface Analysts {
  /** The engine analysts' queries run on, for the owner of embedded analytics to lend to other processes. */
  engine: SqlEngine;
  queries: AnalystQueries;
  /** The ClickHouse endpoint's port, when this process serves it. */
  port: number | null;
  close(): Promise<void>;
}

/** The platform as the analysts' routes use it: with the analysts' engine and endpoint. */
export type AnalystsPlatform = Platform & { analysts: Analysts };

interface AnalystDeps {
  events: EventStore;
  secret: string;
  clock: () => Date;
  log: Logger;
  /** A ROLE=api process on an embedded data directory: the owning process runs the queries. */
  remote: boolean;
}

/**
 * Opens the analysts' engine where the analytics are (chDB in this process, a ClickHouse
 * server, or the process that owns chDB), and the ClickHouse endpoint when ANALYST_PORT is
 * set and this process can serve it (not a ROLE=api process on an embedded data directory).
 */
export async function openAnalysts(config: Config, deps: AnalystDeps): Promise<Analysts> {
  const database = analystDatabaseOf(config.CLICKHOUSE_DATABASE);
  const limits = analystLimits(config);
  const engine: SqlEngine = config.CLICKHOUSE_URL
    ? await ServerSqlEngine.open(config.CLICKHOUSE_URL, config.CLICKHOUSE_DATABASE, database, limits)
    : deps.remote
      ? new RemoteSqlEngine(config.DATA_DIR, deps.secret, database)
      : await ChdbSqlEngine.open(join(config.DATA_DIR, 'analytics'), config.CLICKHOUSE_DATABASE, database, limits);
  const queries = new AnalystQueries(engine, deps.events, deps.clock, deps.log);
  let server: AnalystHttpServer | null = null;
  try {
    if (config.ANALYST_PORT !== undefined && !deps.remote) {
      server = await serveAnalystHttp(
        { port: config.ANALYST_PORT, host: config.HOST, limits },
        queries,
        new CredentialDirectory(deps.events, deps.secret),
        deps.log,
      );
      deps.log.info(`Analysts' ClickHouse endpoint on port ${server.port} (docs/analysts.md)`);
    }
  } catch (error) {
    await engine.close();
    throw error;
  }
  return {
    engine,
    queries,
    port: server?.port ?? null,
    async close() {
      await server?.close();
      await engine.close();
    },
  };
}
