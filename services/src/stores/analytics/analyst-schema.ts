import { schemaStatements } from './clickhouse-analytics-store.ts';

const ANALYST_SCHEMA_FILE = new URL('../../../../infra/clickhouse/analyst-schema.sql', import.meta.url);

/** The analysts' tables (views in their database), as documented in docs/analysts.md#schema. */
const ANALYST_TABLES = ['clicks', 'clicks_daily', 'links', 'owners'] as const;

/**
 * System tables analysts may read: constants and catalogues of ClickHouse itself, nothing
 * about this installation's data, users or other databases.
 */
const ALLOWED_SYSTEM_TABLES = [
  'one',
  'numbers',
  'numbers_mt',
  'zeros',
  'zeros_mt',
  'functions',
  'table_functions',
  'aggregate_function_combinators',
  'formats',
  'data_type_families',
  'time_zones',
  'collations',
  'keywords',
  'settings',
];

/** Table functions that only generate values: everything else (files, URLs, other servers, other tables) is refused. */
export const ALLOWED_TABLE_FUNCTIONS = ['numbers', 'numbers_mt', 'zeros', 'zeros_mt', 'generate_series', 'generateseries', 'values', 'null'];

/**
 * Ordinary functions that reach outside the query's tables (a file, a dictionary, a Join
 * table, a model file, the server's identity or headers) or tell about the machine (its
 * names, kernel, ClickHouse's version and build, server settings such as paths), refused
 * wherever they appear.
 * Compared in lower case; `dict…` functions are refused by prefix.
 */
export const REFUSED_FUNCTIONS = new Set([
  'file',
  'joinget',
  'joingetornull',
  'catboostevaluate',
  'modelevaluate',
  'evalmlmethod',
  'hascolumnintable',
  'getclienthttpheader',
  'getmacro',
  'hostname',
  'fqdn',
  'showcertificate',
  'filesystemavailable',
  'filesystemcapacity',
  'filesystemunreserved',
  'trap',
  'addresstoline',
  'addresstolinewithinlines',
  'addresstosymbol',
  'demangle',
  'logtrace',
  'generateserialid',
  'zookeepersessionuptime',
  'getserverport',
  // The host and the server: its name, kernel, version, build, settings and paths, uptime.
  'displayname',
  'fullhostname',
  'getoskernelversion',
  'getserversetting',
  'getmergetreesetting',
  'version',
  'revision',
  'chdb',
  'buildid',
  'serveruuid',
  'uptime',
  'tid',
  'hasthreadfuzzer',
]);

/** CREATE DATABASE and the views of infra/clickhouse/analyst-schema.sql for these database names. */
export function applyAnalystSchema(productDatabase: string, analystDatabase: string): string[] {
  return schemaStatements(ANALYST_SCHEMA_FILE).map((statement) =>
    statement.replaceAll('{analysts}', analystDatabase).replaceAll('{database}', productDatabase),
  );
}

/** Tables a query may name, fully qualified as ClickHouse resolves them (`db.table`). */
export function allowedTables(analystDatabase: string): Set<string> {
  return new Set([...ANALYST_TABLES.map((table) => `${analystDatabase}.${table}`), ...ALLOWED_SYSTEM_TABLES.map((table) => `system.${table}`)]);
}
