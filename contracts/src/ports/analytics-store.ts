/** One click as stored in the analytics schema (infra/clickhouse/schema.sql). */
export interface ClickRow {
  position: number;
  link_id: number;
  owner_id: number;
  /** 'YYYY-MM-DD hh:mm:ss.sss' in UTC. */
  at: string;
  country: string;
  referrer: string;
  source: string;
  browser: string;
  os: string;
  device: string;
  is_bot: number;
  visitor_hash: string;
}

/** ClickHouse in its two forms: chDB in-process (embedded) and a ClickHouse server. */
export interface AnalyticsStore {
  /** Which adapter this is, for health reports and logs (e.g. 'sqlite', 'kurrentdb'). */
  readonly adapter: string;
  /**
   * Runs a query written in ClickHouse's dialect with {name:Type} parameters. `readOnly`:
   * with ClickHouse's readonly setting (no writes, DDL, setting changes or table functions),
   * for queries that come from outside the process.
   */
  query<T>(sql: string, params?: Record<string, unknown>, options?: { readOnly?: boolean }): Promise<T[]>;
  /** Inserts rows as one block: all or none of them become visible. */
  insertClicks(rows: readonly ClickRow[]): Promise<void>;
  /** The highest click position stored: the analytics projector's checkpoint. */
  lastPosition(): Promise<number>;
  /**
   * Makes what is derived from the clicks agree with them again after a crash; the analytics
   * projector runs it before resuming. True when something had to be repaired.
   */
  recover(): Promise<boolean>;
  /** Deletes every click, for a rebuild. */
  truncate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
