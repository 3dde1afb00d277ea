import type { Config } from '../../platform/config.ts';

/** What one statement answered: the bytes in its format and ClickHouse's own counters. */
export interface SqlAnswer {
  bytes: Buffer;
  rowsRead: number;
  bytesRead: number;
  elapsedMs: number;
}

export interface SqlRunOptions {
  /** ClickHouse output format, appended as the statement's FORMAT clause. */
  format: string;
  /** Values for {name:Type} placeholders, as ClickHouse's param_name. */
  params?: Record<string, string>;
  /** Settings for this statement only (format settings, tighter limits), already vetted. */
  settings?: Record<string, string | number>;
}

/**
 * ClickHouse as analysts reach it: the analysts' database, read-only (readonly = 2: reads
 * only, settings may change, which the guard vets), within the limits below. Three forms:
 * a chDB session of its own (embedded), a ClickHouse server (server mode), or the process
 * that owns chDB asked over loopback (a ROLE=api process on an embedded data directory).
 * A failure is thrown as ClickHouse reports it (`Code: N. DB::Exception: …`).
 */
export interface SqlEngine {
  readonly database: string;
  run(sql: string, options: SqlRunOptions): Promise<SqlAnswer>;
  close(): Promise<void>;
}

/** The analysts' database beside CLICKHOUSE_DATABASE (infra/clickhouse/analyst-schema.sql). */
export const analystDatabaseOf = (database: string) => `${database}_analysts`;

/**
 * The memory one analyst query may use: with the three that run at once, at most 768 MiB
 * beside the projector, which shares the process with embedded analytics.
 */
export const ANALYST_QUERY_MEMORY = 256 * 1024 * 1024;

/** Threads one analyst query may use (docs/analysts.md#limits). */
const ANALYST_QUERY_THREADS = 4;

/** The limits every analyst query runs under (docs/analysts.md#limits). */
export function analystLimits(config: Pick<Config, 'ANALYST_QUERY_TIMEOUT'>): Record<string, number | string> {
  return {
    max_execution_time: config.ANALYST_QUERY_TIMEOUT,
    timeout_overflow_mode: 'throw',
    max_result_rows: 1_000_000,
    max_result_bytes: 100 * 1024 * 1024,
    result_overflow_mode: 'throw',
    max_rows_to_read: 1_000_000_000,
    max_bytes_to_read: 100 * 1024 * 1024 * 1024,
    read_overflow_mode: 'throw',
    max_memory_usage: ANALYST_QUERY_MEMORY,
    // Fixed, not ClickHouse's auto(cores): a setting's value must not tell how many cores the host has.
    ...Object.fromEntries(['max_threads', 'max_final_threads', 'max_parsing_threads', 'max_alter_threads'].map((name) => [name, ANALYST_QUERY_THREADS])),
    max_query_size: 256 * 1024,
  };
}

/** The settings that make a session or a request an analyst's: the limits, then readonly = 2 (last, as it stops changes to itself). */
export const analystSettings = (limits: Record<string, number | string>) => ({ ...limits, readonly: 2 });

/** A setting's value as SQL: numbers as they are, anything else as a quoted string. */
export const settingValue = (value: string | number) =>
  typeof value === 'number' || /^-?\d+(\.\d+)?$/.test(value) ? String(value) : `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

/** ` SETTINGS a = 1, b = 'x'`, or '' for none. */
export const settingsClause = (settings: Record<string, string | number> = {}) => {
  const entries = Object.entries(settings);
  return entries.length ? ` SETTINGS ${entries.map(([name, value]) => `${name} = ${settingValue(value)}`).join(', ')}` : '';
};
