import { readFileSync } from 'node:fs';
import { createClient, type ClickHouseClient, type ClickHouseClientConfigOptions } from '@clickhouse/client';
import type { AnalyticsShadow, AnalyticsStore, ClickRow, EntityFacts, LinkFactRow, OwnerFactRow } from '@linkledger/contracts';
import { withRawInserts } from './chdb-inserts.ts';
import { openClickHouseShadow } from './clickhouse-shadow.ts';
import { READ_ONLY_CLAUSE } from './owner-link.ts';
import { TabSeparatedBody, tabSeparated } from './tab-separated.ts';

const SCHEMA_FILE = new URL('../../../../infra/clickhouse/schema.sql', import.meta.url);
const DATABASE_NAME = /^[a-z_][a-z0-9_]*$/i;

/** The columns each insert names, in the order its rows are written (infra/clickhouse/schema.sql). */
const CLICK_COLUMNS = [
  'position',
  'link_id',
  'owner_id',
  'at',
  'country',
  'referrer',
  'source',
  'browser',
  'os',
  'device',
  'is_bot',
  'visitor_hash',
  'destination',
  'rule',
  'variant',
] as const satisfies readonly (keyof ClickRow)[];
const LINK_FACT_COLUMNS = [
  'position',
  'link_id',
  'at',
  'fact',
  'owner_id',
  'short_code',
  'destination',
  'title',
  'created_via',
  'custom_domain',
  'is_active',
  'disabled',
] as const satisfies readonly (keyof LinkFactRow)[];
const OWNER_FACT_COLUMNS = ['position', 'owner_id', 'at', 'fact', 'role', 'status', 'plan', 'plan_status'] as const satisfies readonly (keyof OwnerFactRow)[];

/** The statements of infra/clickhouse/schema.sql (or another schema file), comments removed. */
export function schemaStatements(file: URL = SCHEMA_FILE): string[] {
  return readFileSync(file, 'utf8')
    .split(/;\s*$/m)
    .map((statement) =>
      statement
        .split('\n')
        .filter((line) => !line.trim().startsWith('--'))
        .join('\n')
        .trim(),
    )
    .filter(Boolean);
}

type AnalyticsTarget = { kind: 'chdb'; path: string } | { kind: 'server'; url: string };

/**
 * ClickHouse through its official client, in both forms: a ClickHouse server over HTTP,
 * or chDB in-process through chDB's connection for the same client. One code path, one
 * SQL dialect, one schema file.
 */
export class ClickHouseAnalyticsStore implements AnalyticsStore {
  private constructor(
    private readonly client: ClickHouseClient,
    readonly adapter: 'chdb' | 'clickhouse',
    readonly database: string,
  ) {}

  static async open(target: AnalyticsTarget, database: string): Promise<ClickHouseAnalyticsStore> {
    if (!DATABASE_NAME.test(database)) throw new Error(`Invalid ClickHouse database name ${JSON.stringify(database)}`);
    const settings = { output_format_json_quote_64bit_integers: 0 } as const;
    let client: ClickHouseClient;
    if (target.kind === 'chdb') {
      // Loaded only in embedded mode: chDB carries the whole engine.
      const { createChdbConnection } = await import('chdb/connection');
      // chDB builds its connection on @clickhouse/client-common's types, which the client
      // re-declares in its own dist: the shapes are identical, the declarations are not.
      const chdb = createChdbConnection({ path: target.path });
      const connection = chdb as unknown as NonNullable<ClickHouseClientConfigOptions['connection']>;
      client = withRawInserts(createClient({ connection, clickhouse_settings: settings }), chdb.chdb);
      await client.command({ query: `CREATE DATABASE IF NOT EXISTS ${database}` });
      // chDB keeps one session per process, so USE sets the database for every later query.
      await client.command({ query: `USE ${database}` });
    } else {
      const admin = createClient({ url: target.url });
      await admin.command({ query: `CREATE DATABASE IF NOT EXISTS ${database}` });
      await admin.close();
      client = createClient({ url: target.url, database, clickhouse_settings: settings });
    }
    const store = new ClickHouseAnalyticsStore(client, target.kind === 'chdb' ? 'chdb' : 'clickhouse', database);
    const hadDaily = await store.tableExists('clicks_daily');
    const statements = schemaStatements();
    for (const statement of statements) await store.command(statement);
    if (!hadDaily) await store.backfillDaily(statements);
    return store;
  }

  private async tableExists(name: string): Promise<boolean> {
    const [row] = await this.query<{ n: number }>('SELECT count() AS n FROM system.tables WHERE database = currentDatabase() AND name = {name:String}', {
      name,
    });
    return Number(row?.n ?? 0) > 0;
  }

  /**
   * An installation that stored clicks before clicks_daily existed gets it filled once,
   * from clicks; later inserts go through the view. Run by the first process to open the
   * store after the upgrade: embedded, nothing else writes then; in server mode, upgrade
   * with the projector stopped (or rebuild analytics afterwards).
   */
  private async backfillDaily(statements: string[]): Promise<void> {
    const [row] = await this.query<{ n: number }>('SELECT count() AS n FROM clicks');
    if (Number(row?.n ?? 0) === 0) return;
    await this.command(`INSERT INTO clicks_daily ${dailySelect(statements)}`);
  }

  /**
   * Whether clicks are stored without what only a replay of the log can fill: the link and
   * owner facts, or the clicks' destinations (an installation upgraded from before either
   * existed). The process running the projectors then starts an online rebuild
   * (docs/admin.md#projections). `empty()` reads only the strings' lengths.
   */
  async lacksFacts(): Promise<boolean> {
    const [row] = await this.query<{ clicks: number | string; facts: number | string; undirected: number | string }>(
      `SELECT (SELECT count() FROM clicks) AS clicks, (SELECT count() FROM link_facts) AS facts,
              (SELECT count() FROM (SELECT 1 FROM clicks WHERE empty(destination) LIMIT 1)) AS undirected`,
    );
    return Number(row?.clicks ?? 0) > 0 && (Number(row?.facts ?? 0) === 0 || Number(row?.undirected ?? 0) > 0);
  }

  /**
   * clicks_daily is filled by a view on each INSERT into clicks, which is not one atomic
   * step with it: a crash between the two (or between a rebuild's two truncates) leaves the
   * per-day table off by a batch. The projector calls this before it resumes: when the
   * day totals disagree with the human clicks stored, the table is refilled from clicks.
   */
  async recover(): Promise<boolean> {
    const [row] = await this.query<{ human: number | string; daily: number | string }>(
      "SELECT (SELECT count() FROM clicks WHERE is_bot = 0) AS human, (SELECT sum(clicks) FROM clicks_daily WHERE dimension = '') AS daily",
    );
    if (Number(row?.human ?? 0) === Number(row?.daily ?? 0)) return false;
    await this.command('TRUNCATE TABLE IF EXISTS clicks_daily');
    await this.command(`INSERT INTO clicks_daily ${dailySelect(schemaStatements())}`);
    return true;
  }

  private async command(query: string): Promise<void> {
    await this.client.command({ query });
  }

  async query<T>(sql: string, params: Record<string, unknown> = {}, options: { readOnly?: boolean } = {}): Promise<T[]> {
    const result = await this.client.query({
      // As the query's own SETTINGS clause, not the client's settings: chDB keeps settings
      // passed with a query for its whole session, and a readonly session could no longer
      // insert clicks. A clause holds for that one query on chDB and on a server alike.
      query: options.readOnly ? `${sql}\n${READ_ONLY_CLAUSE}` : sql,
      query_params: params,
      format: 'JSONEachRow',
    });
    return result.json<T>();
  }

  async insertClicks(rows: readonly ClickRow[]): Promise<void> {
    await this.insertRows('clicks', CLICK_COLUMNS, rows);
  }

  async insertFacts(facts: EntityFacts): Promise<void> {
    await this.insertRows('link_facts', LINK_FACT_COLUMNS, facts.links);
    await this.insertRows('owner_facts', OWNER_FACT_COLUMNS, facts.owners);
  }

  /** A batch as one INSERT in TabSeparated, on chDB and a server alike (docs/architecture.md#projections). */
  private async insertRows<Row extends Record<Column, string | number | null>, Column extends string>(
    table: string,
    columns: readonly [Column, ...Column[]],
    rows: readonly Row[],
  ): Promise<void> {
    if (rows.length === 0) return;
    await this.client.insert({ table, columns: [...columns], values: new TabSeparatedBody(tabSeparated(rows, columns)), format: 'TabSeparated' });
  }

  async lastPosition(): Promise<number> {
    const [row] = await this.query<{ position: number | string }>('SELECT max(position) AS position FROM clicks');
    return Number(row?.position ?? 0);
  }

  async truncate(): Promise<void> {
    await this.command('TRUNCATE TABLE IF EXISTS clicks');
    await this.command('TRUNCATE TABLE IF EXISTS clicks_daily');
    await this.command('TRUNCATE TABLE IF EXISTS link_facts');
    await this.command('TRUNCATE TABLE IF EXISTS owner_facts');
  }

  async deleteClicksBefore(day: string): Promise<void> {
    // The day is inlined: a mutation takes no parameters on every server; it is checked to be a date first.
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`Not a day: ${day}`);
    await this.client.command({
      query: `ALTER TABLE clicks DELETE WHERE at < toDateTime64('${day} 00:00:00', 3, 'UTC')`,
      clickhouse_settings: { mutations_sync: '1' },
    });
    await this.client.command({ query: `ALTER TABLE clicks_daily DELETE WHERE day < toDate('${day}')`, clickhouse_settings: { mutations_sync: '1' } });
  }

  /** A copy of every table of the schema to rebuild into (clickhouse-shadow.ts), written by this same code. */
  shadow(): Promise<AnalyticsShadow> {
    return openClickHouseShadow(this.client, schemaStatements(), (client) => new ClickHouseAnalyticsStore(client, this.adapter, this.database));
  }

  async ping(): Promise<void> {
    await this.query('SELECT 1');
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}

/** The view's own SELECT, so a refill computes exactly what the view does. */
function dailySelect(statements: string[]): string {
  const view = statements.find((statement) => statement.includes('MATERIALIZED VIEW IF NOT EXISTS clicks_daily_mv'));
  const select = view && /\bTO clicks_daily AS\s+([\s\S]+)$/.exec(view)?.[1];
  if (!select) throw new Error('infra/clickhouse/schema.sql: the clicks_daily_mv view was not found');
  return select;
}
