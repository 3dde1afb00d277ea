import type { ClickHouseClient } from '@clickhouse/client';
import type { AnalyticsShadow, ClickSink } from '@linkledger/contracts';

/** The copy of table `t` is `t__rebuild`. */
const SUFFIX = '__rebuild';

interface View {
  name: string;
  to: string;
  select: string;
}

/** The materialized views infra/clickhouse/schema.sql creates. */
function schemaViews(statements: readonly string[]): View[] {
  const views: View[] = [];
  for (const statement of statements) {
    const view = /^CREATE MATERIALIZED VIEW IF NOT EXISTS (\w+) TO (\w+) AS\s+([\s\S]+)$/i.exec(statement);
    if (view) views.push({ name: view[1]!, to: view[2]!, select: view[3]! });
  }
  return views;
}

/**
 * The tables the analytics projector owns: those its store empties for a rebuild. Found by
 * running the store's own `truncate` against a client that only notes the tables named and
 * runs nothing, so a table added to the projector is copied without a list to keep, and a
 * table the projector does not fill (which a copy would replace with an empty one) never is.
 */
async function ownedTables(client: ClickHouseClient, storeOn: (client: ClickHouseClient) => ClickSink): Promise<string[]> {
  const owned: string[] = [];
  const noting = new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'command')
        return async ({ query }: { query: string }) => {
          for (const match of query.matchAll(/\bTRUNCATE\s+TABLE\s+(?:IF\s+EXISTS\s+)?(\w+)/gi)) owned.push(match[1]!);
          return { query_id: '' };
        };
      if (property === 'insert') return () => Promise.reject(new Error('Nothing is inserted while the owned tables are listed'));
      if (property === 'close') return async () => undefined;
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  await storeOn(noting).truncate();
  return [...new Set(owned)];
}

/**
 * The table names of a statement, after FROM, JOIN, INTO or TABLE, replaced by their copies.
 * A statement that writes (`write`) to a table outside the copy is refused, so a copy can
 * never write into the live tables.
 */
function renameTables(sql: string, names: ReadonlyMap<string, string>, write: boolean): string {
  return sql.replace(/\b(FROM|JOIN|INTO|TABLE(?:\s+IF\s+(?:NOT\s+)?EXISTS)?)(\s+)(\w+)\b(?!\.)/gi, (whole, keyword: string, space: string, name: string) => {
    const copy = names.get(name);
    if (copy) return `${keyword}${space}${copy}`;
    if (write && !/^FROM|^JOIN/i.test(keyword) && !name.endsWith(SUFFIX))
      throw new Error(`A rebuild's copy cannot write to ${name}: it is not one of the copied tables`);
    return whole;
  });
}

/** The client as the copy's store sees it: every table it names is the copy's. */
function clientOverCopies(client: ClickHouseClient, names: ReadonlyMap<string, string>): ClickHouseClient {
  return new Proxy(client, {
    get(target, property, receiver) {
      switch (property) {
        case 'command':
          return (params: Parameters<ClickHouseClient['command']>[0]) => target.command({ ...params, query: renameTables(params.query, names, true) });
        case 'query':
          return (params: Parameters<ClickHouseClient['query']>[0]) => target.query({ ...params, query: renameTables(params.query, names, false) } as never);
        case 'insert':
          return (params: Parameters<ClickHouseClient['insert']>[0]) => {
            const table = names.get(params.table);
            if (!table) throw new Error(`A rebuild's copy cannot insert into ${params.table}: it is not one of the copied tables`);
            return target.insert({ ...params, table });
          };
        case 'close':
          // The client is the live store's: it closes with it.
          return async () => undefined;
        default:
          return Reflect.get(target, property, receiver) as unknown;
      }
    },
  });
}

const countsSql = (table: string) => `SELECT countIf(is_bot = 0) AS human, countIf(is_bot = 1) AS bot FROM ${table}`;

/**
 * A rebuild's copy of the analytics: each table the projector owns gets a twin
 * `{table}__rebuild` (`CREATE TABLE … AS`, same columns and engine), each materialized view
 * between them a twin between the twins, and the store's own code writes to them through a client that renames every table
 * it names (`storeOn`). Promoting swaps all pairs in one `EXCHANGE TABLES` statement and drops
 * the old tables; the views follow the tables by name, so the live view now feeds the new
 * per-day table. Views elsewhere that read these tables by name (the analysts') read the new
 * ones from then on.
 */
export async function openClickHouseShadow(
  client: ClickHouseClient,
  statements: readonly string[],
  storeOn: (client: ClickHouseClient) => ClickSink,
): Promise<AnalyticsShadow> {
  const tables = await ownedTables(client, storeOn);
  // Twin only the views between owned tables (clicks → clicks_daily).
  const views = schemaViews(statements).filter(
    (view) => tables.includes(view.to) && [...view.select.matchAll(/\b(?:FROM|JOIN)\s+(\w+)\b/gi)].every((match) => tables.includes(match[1]!)),
  );
  const names = new Map(tables.map((table) => [table, `${table}${SUFFIX}`]));
  const command = (query: string) => client.command({ query });
  const drop = async () => {
    for (const view of views) await command(`DROP VIEW IF EXISTS ${view.name}${SUFFIX} SYNC`);
    for (const table of tables) await command(`DROP TABLE IF EXISTS ${table}${SUFFIX} SYNC`);
  };
  await drop();
  for (const table of tables) await command(`CREATE TABLE ${table}${SUFFIX} AS ${table}`);
  for (const view of views)
    await command(`CREATE MATERIALIZED VIEW ${view.name}${SUFFIX} TO ${view.to}${SUFFIX} AS ${renameTables(view.select, names, false)}`);
  const sink = storeOn(clientOverCopies(client, names));
  const count = async (table: string) => {
    const result = await client.query({ query: countsSql(table), format: 'JSONEachRow' });
    const [row] = await result.json<{ human: number | string; bot: number | string }>();
    return { human: Number(row?.human ?? 0), bot: Number(row?.bot ?? 0) };
  };
  return {
    insertClicks: (rows) => sink.insertClicks(rows),
    insertFacts: (facts) => sink.insertFacts(facts),
    lastPosition: () => sink.lastPosition(),
    recover: () => sink.recover(),
    truncate: () => sink.truncate(),
    counts: async () => ({ live: await count('clicks'), copy: await count(`clicks${SUFFIX}`) }),
    async promote() {
      const pairs = tables.map((table) => `${table} AND ${table}${SUFFIX}`);
      try {
        await command(`EXCHANGE TABLES ${pairs.join(', ')}`);
      } catch (error) {
        // A server that exchanges one pair per statement: each pair is still swapped atomically,
        // and the live projector is stopped, so the tables are at one position either way.
        if (pairs.length === 1 || !/syntax/i.test(error instanceof Error ? error.message : String(error))) throw error;
        for (const pair of pairs) await command(`EXCHANGE TABLES ${pair}`);
      }
      return drop;
    },
    discard: drop,
  };
}
