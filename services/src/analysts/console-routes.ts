import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ErrorBody,
  MessageBody,
  SaveQueryBody,
  SavedQuery,
  SavedQueryList,
  SqlConsoleBody,
  SqlConsoleResult,
  SqlExportBody,
  TextIdParams,
} from '@linkledger/contracts';
import { NO_READ_MODEL, handleCommand } from '../commands/command-handler.ts';
import { loadStream } from '../commands/command-context.ts';
import { invalid, unavailable } from '../commands/domain-error.ts';
import { callerOf } from '../http/access.ts';
import { commandContext } from '../http/command-context.ts';
import { fileBody } from '../http/file-body.ts';
import type { AnalystQuery } from './analyst-queries.ts';
import type { AnalystsPlatform } from './analysts.ts';
import { asClickHouseError } from '../stores/analytics/clickhouse-error.ts';
import { outputFormat } from './formats.ts';
import { savedQueriesDecider } from './saved-query-deciders.ts';
import { savedQueriesStream } from './saved-query-state.ts';
import { TYPED_ROWS_FORMAT, spreadsheetSafe } from './spreadsheet-safe.ts';
import { STARTER_QUERIES } from './starter-queries.ts';
import { routesFor } from '../http/declared-routes.ts';

const ADMINS_RUN_SQL = 'Only an admin or super admin can run SQL over the analytics.';
const admin = { access: 'admin', refusal: ADMINS_RUN_SQL } as const;
const errors = { 400: ErrorBody, 404: ErrorBody, 503: ErrorBody };

/** Rows the console shows; downloads hold them all (within the analysts' limits). */
const CONSOLE_ROWS = 1000;

const EXTENSIONS: Record<string, string> = { CSVWithNames: 'csv', TabSeparatedWithNames: 'tsv', JSONEachRow: 'ndjson', Parquet: 'parquet' };

/**
 * The admin SQL console (docs/analysts.md#the-admin-console): the same guard, limits and
 * record as the analysts' endpoint, with the admin as the actor; and each admin's saved
 * queries.
 */
export async function sqlConsoleRoutes(app: FastifyInstance, platform: AnalystsPlatform) {
  const admins = routesFor(app, admin);

  const deps = { events: platform.events, ...NO_READ_MODEL };

  const run = async (request: FastifyRequest, body: { query: string; params: Record<string, string> }, format: string, settings: AnalystQuery['settings']) => {
    const caller = callerOf(request);
    try {
      return await platform.analysts.queries.run({
        via: 'console',
        actor: caller.actor,
        user: `user ${caller.userId}`,
        query: body.query,
        params: body.params,
        settings,
        format,
        correlationId: request.id,
      });
    } catch (error) {
      const failure = asClickHouseError(error);
      // The admin reads ClickHouse's own words, as an analyst's client would.
      throw failure.codeName === 'STD_EXCEPTION' ? unavailable(failure.body.trim()) : invalid(failure.body.trim());
    }
  };

  admins.post('/api/admin/sql', {
    summary: 'Run a read-only query over the analysts’ schema; the first 1000 rows as JSON',
    body: SqlConsoleBody,
    response: { 200: SqlConsoleResult, ...errors },
    handler: async ({ request }) => {
      const answer = await run(request, request.body, 'JSONCompact', {
        // One row more than shown tells that there were more; 'break' stops there instead of failing.
        max_result_rows: CONSOLE_ROWS + 1,
        result_overflow_mode: 'break',
        // 64-bit numbers as strings: JSON numbers would lose their last digits.
        output_format_json_quote_64bit_integers: 1,
      });
      const parsed = JSON.parse(answer.bytes.toString('utf8')) as { meta?: { name: string; type: string }[]; data?: unknown[][] };
      const rows = parsed.data ?? [];
      return {
        columns: parsed.meta ?? [],
        rows: rows.slice(0, CONSOLE_ROWS),
        truncated: rows.length > CONSOLE_ROWS,
        rows_read: answer.rowsRead,
        bytes_read: Number(answer.summary.read_bytes),
        elapsed_ms: Math.round(answer.elapsedMs * 10) / 10,
      };
    },
  });

  admins.post('/api/admin/sql/export', {
    summary: 'Run a read-only query and download every row as CSV, TSV, JSON lines or Parquet',
    body: SqlExportBody,
    response: { 200: { description: 'The file in the chosen format', content: { 'application/octet-stream': { schema: z.string() } } }, ...errors },
    handler: async ({ request, reply }) => {
      const { format } = request.body;
      // CSV and TSV downloads open in spreadsheets: built from typed rows, with formula-like text made inert.
      const spreadsheet = format === 'CSVWithNames' || format === 'TabSeparatedWithNames';
      const answer = await run(request, request.body, spreadsheet ? TYPED_ROWS_FORMAT : format, {});
      const bytes = spreadsheet ? spreadsheetSafe(answer.bytes, format) : answer.bytes;
      const day = platform.clock().toISOString().slice(0, 10);
      return reply
        .type(spreadsheet ? outputFormat(format).contentType : answer.contentType)
        .header('content-disposition', `attachment; filename="query_${day}.${EXTENSIONS[format] ?? 'txt'}"`)
        .header('cache-control', 'no-store')
        .send(fileBody(bytes));
    },
  });

  const saved = async (userId: number) =>
    (await loadStream(platform.events, savedQueriesStream(userId), savedQueriesDecider.initialState, savedQueriesDecider.evolve)).state;

  admins.get('/api/admin/sql/queries', {
    summary: 'The caller’s saved queries, and the starter queries',
    response: { 200: SavedQueryList, ...errors },
    handler: async ({ caller }) => ({ queries: [...(await saved(caller.userId)).values()], starters: STARTER_QUERIES }),
  });

  admins.post('/api/admin/sql/queries', {
    summary: 'Save a query under a name',
    body: SaveQueryBody,
    response: { 201: SavedQuery, ...errors },
    handler: async ({ request, reply, caller }) => {
      const context = commandContext(platform, request);
      const id = randomUUID();
      await handleCommand(deps, context, savedQueriesDecider, { kind: 'save', userId: caller.userId, id, name: request.body.name, sql: request.body.sql });
      return reply.code(201).send({ id, name: request.body.name, sql: request.body.sql, saved_at: context.now.toISOString() });
    },
  });

  admins.delete('/api/admin/sql/queries/:id', {
    summary: 'Delete one of the caller’s saved queries',
    params: TextIdParams,
    response: { 200: MessageBody, ...errors },
    handler: async ({ request, caller }) => {
      await handleCommand(deps, commandContext(platform, request), savedQueriesDecider, { kind: 'delete', userId: caller.userId, id: request.params.id });
      return { message: 'The query was deleted' };
    },
  });
}
