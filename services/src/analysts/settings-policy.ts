import { ClickHouseError } from '../stores/analytics/clickhouse-error.ts';

/** URL parameters of ClickHouse's HTTP interface that are not settings, or that only shape the HTTP exchange: read by the endpoint or ignored. */
const TRANSPORT = new Set([
  'query',
  'database',
  'default_format',
  'user',
  'password',
  'query_id',
  'session_id',
  'session_timeout',
  'session_check',
  'quota_key',
  'role',
  'compress',
  'decompress',
  'enable_http_compression',
  'http_zlib_compression_level',
  'http_native_compression_disable_checksumming_on_decompress',
  'wait_end_of_query',
  'send_progress_in_http_headers',
  'http_headers_progress_interval_ms',
  'http_response_buffer_size',
  'buffer_size',
  'add_http_cors_header',
  'cancel_http_readonly_queries_on_client_close',
  'log_queries',
  'log_comment',
  'client_protocol_version',
]);

/** Limits an analyst may lower, never raise, nor turn off with 0. */
const TIGHTENABLE = new Set(['max_execution_time', 'max_result_rows', 'max_result_bytes', 'max_rows_to_read', 'max_bytes_to_read', 'max_memory_usage']);

/** What an over-limit query does: 'break' answers what was computed so far, which loosens nothing. */
const OVERFLOW_MODES = new Set(['result_overflow_mode', 'timeout_overflow_mode', 'read_overflow_mode']);

/** How results are written: harmless, applied (but never one that names a schema or template file). */
const OUTPUT =
  /^(output_format_(?!schema)\w+|format_(csv|tsv|custom|json|pretty)_\w+|date_time_output_format|interval_output_format|bool_(true|false)_representation|extremes|session_timezone|join_use_nulls|aggregate_functions_null_for_empty)$/;

/** Settings that could loosen a limit or reach further: refused unless tightening. */
const GUARDED =
  /^(readonly|allow_|enable_|max_|min_|limit$|offset$)|timeout|memory|quota|priority|overflow|_path$|schema|file|url|s3|http|insert|user|role|profile|distributed|replica|cache|remote|dictionar|introspection/;

/**
 * The settings of a request's URL an analyst's query runs with: transport parameters are
 * read elsewhere or ignored, output settings applied, a limit only lowered; a setting that
 * would loosen a limit is refused as ClickHouse refuses it in readonly mode, and any other
 * setting is ignored (it changes nothing analysts rely on).
 */
export function vetSettings(parameters: Iterable<[string, string]>, limits: Record<string, number | string>): Record<string, string | number> {
  const applied: Record<string, string | number> = {};
  for (const [name, value] of parameters) {
    if (TRANSPORT.has(name) || name.startsWith('param_')) continue;
    if (!/^[a-z_][a-z0-9_]*$/i.test(name)) continue;
    if (TIGHTENABLE.has(name)) {
      const wanted = Number(value);
      if (!(wanted > 0 && wanted <= Number(limits[name]))) throw refused(name, `at most ${limits[name]}`);
      applied[name] = wanted;
    } else if (OVERFLOW_MODES.has(name)) {
      if (value !== 'throw' && value !== 'break') throw refused(name, "'throw' or 'break'");
      applied[name] = value;
    } else if (name === 'readonly') {
      if (value !== '1' && value !== '2') throw refused(name, '1 or 2');
    } else if (OUTPUT.test(name)) {
      applied[name] = value;
    } else if (GUARDED.test(name)) {
      throw refused(name, 'as it is');
    }
  }
  return applied;
}

const refused = (name: string, allowed: string) =>
  ClickHouseError.of(
    'READONLY',
    `Cannot modify '${name.slice(0, 100)}' setting in readonly mode: analysts may set it ${allowed} (see docs/analysts.md#limits)`,
  );
