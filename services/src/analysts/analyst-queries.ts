import { randomUUID } from 'node:crypto';
import type { Actor, AnalystQueryRan, EventStore } from '@linkledger/contracts';
import { recordFact } from '../commands/record-fact.ts';
import type { Logger } from '../platform/platform.ts';
import { ClickHouseError, asClickHouseError } from '../stores/analytics/clickhouse-error.ts';
import { DEFAULT_FORMAT, outputFormat, resultRows } from './formats.ts';
import { QueryGuard, type GuardedQuery } from './query-guard.ts';
import type { SqlAnswer, SqlEngine } from '../stores/analytics/sql-engine.ts';

/** The month's stream of analysts' queries (`analyst-queries-2026-11`). */
export const analystQueriesStream = (at: Date) => `analyst-queries-${at.toISOString().slice(0, 7)}`;

/** How much of a query's text its record keeps. */
const RECORDED_QUERY_CHARS = 64 * 1024;
/** The largest answer an analyst receives, whatever its format (docs/analysts.md#limits). */
const MAX_ANSWER_BYTES = 256 * 1024 * 1024;

export interface AnalystQuery {
  via: AnalystQueryRan['via'];
  /** Who asks: an analyst's credential, or an admin (the console). */
  actor: Actor;
  /** The name they signed in with, for the record. */
  user: string;
  query: string;
  params: Record<string, string>;
  /** Vetted settings for this query (settings-policy.ts). */
  settings: Record<string, string | number>;
  /** The format when the query names none (default_format); ClickHouse's TabSeparated without. */
  defaultFormat?: string;
  /** A format that wins over the query's FORMAT clause (the console's table and downloads). */
  format?: string;
  correlationId?: string;
}

interface AnalystAnswer {
  bytes: Buffer;
  format: string;
  contentType: string;
  /** ClickHouse's X-ClickHouse-Summary counters. */
  summary: {
    read_rows: string;
    read_bytes: string;
    written_rows: string;
    written_bytes: string;
    total_rows_to_read: string;
    result_rows: string;
    result_bytes: string;
    elapsed_ns: string;
  };
  rowsRead: number;
  elapsedMs: number;
}

/** Statements the endpoint answers itself rather than letting analysts read system.tables. */
const ANSWERED: Partial<Record<GuardedQuery['kind'], string>> = {
  show_tables: 'SELECT name FROM system.tables WHERE database = currentDatabase() ORDER BY name',
  show_databases: 'SELECT currentDatabase() AS name',
};

/**
 * Runs analysts' queries, from the ClickHouse endpoint and the admin console alike: the
 * guard decides, the engine answers within the limits, and every query, refused or not,
 * is recorded as an event in the month's stream before its answer goes out (an answer
 * that cannot be recorded is not given).
 */
export class AnalystQueries {
  private readonly guard: QueryGuard;

  constructor(
    private readonly engine: SqlEngine,
    private readonly events: Pick<EventStore, 'append'>,
    private readonly clock: () => Date,
    private readonly log: Logger,
  ) {
    this.guard = new QueryGuard(engine);
  }

  get database(): string {
    return this.engine.database;
  }

  async run(query: AnalystQuery): Promise<AnalystAnswer> {
    const started = performance.now();
    let format = query.format ?? query.defaultFormat ?? DEFAULT_FORMAT;
    let answer: SqlAnswer;
    let rows: number | null;
    try {
      const guarded = await this.guard.check(query.query, query.params);
      format = outputFormat(query.format ?? guarded.format ?? query.defaultFormat ?? DEFAULT_FORMAT).name;
      const answered = ANSWERED[guarded.kind];
      answer = await this.engine.run(answered ?? guarded.sql, {
        format,
        params: answered ? {} : query.params,
        settings: guarded.kind === 'select' ? query.settings : {},
      });
      // max_result_bytes counts ClickHouse's blocks; a text format can be several times larger.
      if (answer.bytes.length > MAX_ANSWER_BYTES) {
        throw ClickHouseError.of(
          'TOO_MANY_BYTES',
          `The answer is ${answer.bytes.length} bytes in ${format}, more than the ${MAX_ANSWER_BYTES} an analyst may receive: aggregate, add a LIMIT or choose a compact format such as Parquet`,
        );
      }
      rows = resultRows(format, answer.bytes);
    } catch (error) {
      const refusal = asClickHouseError(error);
      if (refusal.codeName === 'STD_EXCEPTION' && !(error instanceof ClickHouseError)) this.log.error(error, 'An analyst query failed unexpectedly');
      await this.record(query, format, performance.now() - started, refusal, null);
      throw refusal;
    }
    const elapsedMs = performance.now() - started;
    await this.record(query, format, elapsedMs, null, { answer, rows });
    return {
      bytes: answer.bytes,
      format,
      contentType: outputFormat(format).contentType,
      rowsRead: answer.rowsRead,
      elapsedMs,
      summary: {
        read_rows: String(answer.rowsRead),
        read_bytes: String(answer.bytesRead),
        written_rows: '0',
        written_bytes: '0',
        total_rows_to_read: String(answer.rowsRead),
        result_rows: String(rows ?? 0),
        result_bytes: String(answer.bytes.length),
        elapsed_ns: String(Math.round(elapsedMs * 1e6)),
      },
    };
  }

  private async record(
    query: AnalystQuery,
    format: string,
    elapsedMs: number,
    refusal: ClickHouseError | null,
    result: { answer: SqlAnswer; rows: number | null } | null,
  ): Promise<void> {
    const now = this.clock();
    const data: AnalystQueryRan = {
      via: query.via,
      user: query.user,
      query: query.query.slice(0, RECORDED_QUERY_CHARS),
      format: format.slice(0, 100),
      error_code: refusal?.code ?? 0,
      error: refusal?.message.slice(0, 2000) ?? '',
      rows_read: result?.answer.rowsRead ?? 0,
      bytes_read: result?.answer.bytesRead ?? 0,
      result_rows: result?.rows ?? null,
      result_bytes: result?.answer.bytes.length ?? 0,
      elapsed_ms: Math.round(elapsedMs * 1000) / 1000,
    };
    const id = query.correlationId ?? randomUUID();
    const route = query.via === 'console' ? '/api/admin/sql' : 'ANALYST_PORT';
    try {
      await recordFact(
        this.events,
        { actor: query.actor, correlationId: id, now, route },
        { stream: analystQueriesStream(now), event: { type: 'AnalystQueryRan', data } },
      );
    } catch (error) {
      this.log.error(error, 'Could not record an analyst query');
      if (!refusal) throw ClickHouseError.of('STD_EXCEPTION', 'The query ran but could not be recorded, so its answer is withheld; try again');
    }
  }
}
