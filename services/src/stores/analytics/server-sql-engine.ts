import { createClient, type ClickHouseClient, type ClickHouseSettings } from '@clickhouse/client';
import { applyAnalystSchema } from './analyst-schema.ts';
import { analystSettings, type SqlAnswer, type SqlEngine, type SqlRunOptions } from './sql-engine.ts';

/**
 * Analysts' queries on a ClickHouse server (server mode): every request carries readonly
 * and the limits as its settings, in the analysts' database. Analysts who connect to the
 * server itself get the same from infra/clickhouse/analyst-role.sql.
 */
export class ServerSqlEngine implements SqlEngine {
  private constructor(
    private readonly client: ClickHouseClient,
    readonly database: string,
    private readonly settings: Record<string, string | number>,
  ) {}

  static async open(url: string, productDatabase: string, database: string, limits: Record<string, number | string>): Promise<ServerSqlEngine> {
    const admin = createClient({ url });
    try {
      for (const statement of applyAnalystSchema(productDatabase, database)) await admin.command({ query: statement });
    } finally {
      await admin.close();
    }
    return new ServerSqlEngine(createClient({ url, database }), database, analystSettings(limits));
  }

  async run(sql: string, options: SqlRunOptions): Promise<SqlAnswer> {
    const result = await this.client.exec({
      query: `${sql}\nFORMAT ${options.format}`,
      query_params: options.params ?? {},
      // wait_end_of_query: an error met while the answer is written still gets an error status.
      clickhouse_settings: { ...this.settings, ...options.settings, wait_end_of_query: 1 } as ClickHouseSettings,
    });
    const chunks: Buffer[] = [];
    for await (const chunk of result.stream as AsyncIterable<Buffer>) chunks.push(chunk);
    const summary = JSON.parse(String(result.response_headers['x-clickhouse-summary'] ?? '{}')) as Record<string, string>;
    return {
      bytes: Buffer.concat(chunks),
      rowsRead: Number(summary.read_rows ?? 0),
      bytesRead: Number(summary.read_bytes ?? 0),
      elapsedMs: Number(summary.elapsed_ns ?? 0) / 1e6,
    };
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
