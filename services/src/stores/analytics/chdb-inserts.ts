import type { ClickHouseClient } from '@clickhouse/client';
import type { ChdbConnection } from 'chdb/connection';
import { TabSeparatedBody } from './tab-separated.ts';

/**
 * The client over chDB, with one change: a TabSeparated body is handed to chDB's raw
 * insert as the bytes it already is, where chDB's connection would decode it to a string,
 * prefix the client's settings as SET statements and parse the whole as SQL. Everything
 * else (and the table a rebuild's copy renames, clickhouse-shadow.ts) goes through the
 * client unchanged.
 */
export function withRawInserts(client: ClickHouseClient, chdb: ChdbConnection['chdb']): ClickHouseClient {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property !== 'insert') return Reflect.get(target, property, receiver) as unknown;
      return async (params: Parameters<ClickHouseClient['insert']>[0]) => {
        if (!(params.values instanceof TabSeparatedBody)) return target.insert(params);
        const columns = Array.isArray(params.columns) ? (params.columns as string[]) : undefined;
        await chdb.rawInsert({ table: params.table, columns, values: params.values.bytes, format: 'TabSeparated' });
        return { executed: true, query_id: '', response_headers: {} };
      };
    },
  });
}
