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
  /** Where the click was sent (Clicked.destination). */
  destination: string;
  /** The targeting rule (1-based) and A/B variant (1-based) that chose it; 0 for none. */
  rule: number;
  variant: number;
}

/**
 * What analysts see of links and owners (infra/clickhouse/schema.sql `link_facts`,
 * `owner_facts`): one row per event that changed something, null where it set nothing.
 */
export interface LinkFactRow {
  position: number;
  link_id: number;
  at: string;
  fact: 'created' | 'updated' | 'deleted' | 'moderated';
  owner_id: number | null;
  short_code: string | null;
  destination: string | null;
  title: string | null;
  created_via: string | null;
  custom_domain: string | null;
  is_active: number | null;
  disabled: number | null;
}

export interface OwnerFactRow {
  position: number;
  owner_id: number;
  at: string;
  fact: 'registered' | 'status' | 'role' | 'plan';
  role: string | null;
  status: string | null;
  plan: string | null;
  plan_status: string | null;
}

export interface EntityFacts {
  links: LinkFactRow[];
  owners: OwnerFactRow[];
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
  /**
   * Inserts link and owner facts; rows already stored (same id and position) are replaced,
   * so a batch applied twice counts once.
   */
  insertFacts(facts: EntityFacts): Promise<void>;
  /** The highest click position stored: the analytics projector's checkpoint. */
  lastPosition(): Promise<number>;
  /**
   * Makes what is derived from the clicks agree with them again after a crash; the analytics
   * projector runs it before resuming. True when something had to be repaired.
   */
  recover(): Promise<boolean>;
  /** Deletes every click and fact, for a rebuild. */
  truncate(): Promise<void>;
  /** Deletes the clicks (and their per-day counts) before the start of a UTC day, YYYY-MM-DD: an admin's purge (docs/admin.md#purging-old-analytics). */
  deleteClicksBefore(day: string): Promise<void>;
  /**
   * Empty copies of the click tables beside the live ones, to rebuild into while these keep
   * answering; any copy left by an earlier attempt is dropped.
   */
  shadow(): Promise<AnalyticsShadow>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Where the analytics projector writes clicks: the live tables or a copy. */
export type ClickSink = Pick<AnalyticsStore, 'insertClicks' | 'insertFacts' | 'lastPosition' | 'recover' | 'truncate'>;

/** The click tables rebuilt beside the live ones (AnalyticsStore.shadow). */
export interface AnalyticsShadow extends ClickSink {
  /** Human and bot clicks stored in the live tables and in the copy. */
  counts(): Promise<{ live: { human: number; bot: number }; copy: { human: number; bot: number } }>;
  /**
   * Swaps the copy with the live tables in one statement. Call it with the live projector
   * stopped at the same position as the copy. Answers the clean-up that drops the old
   * tables, to run once the live projector runs again.
   */
  promote(): Promise<() => Promise<void>>;
  /** Drops the copy; the live tables are untouched. */
  discard(): Promise<void>;
}
