import { ALLOWED_TABLE_FUNCTIONS, REFUSED_FUNCTIONS, allowedTables } from '../stores/analytics/analyst-schema.ts';
import { ClickHouseError, asClickHouseError } from '../stores/analytics/clickhouse-error.ts';
import { fieldOf, kindOf, nameOf, parseExplain, type ExplainNode } from './explain-tree.ts';
import type { SqlEngine } from '../stores/analytics/sql-engine.ts';

/** The statement a guard let through, in ClickHouse's own formatting (one statement, no comments). */
export interface GuardedQuery {
  kind: 'select' | 'describe' | 'exists' | 'show_tables' | 'show_databases';
  /** The statement without its FORMAT clause. */
  sql: string;
  /** The FORMAT clause's format, if the statement had one. */
  format: string | null;
}

/** The longest query text accepted, as ClickHouse's max_query_size. */
const MAX_QUERY_BYTES = 256 * 1024;

const TEXT = 'TabSeparatedRaw';
const SELECT_ROOTS = new Set(['SelectWithUnionQuery', 'SelectIntersectExceptQuery']);

const refuse = (message: string) => ClickHouseError.of('ACCESS_DENIED', `Not enough privileges: ${message} (see docs/analysts.md#schema)`);
const readonly = (message: string) => ClickHouseError.of('READONLY', message);

/**
 * Decides whether an analyst's statement may run, by asking ClickHouse itself: it formats
 * the text (one statement, or a syntax error), explains its syntax tree (which statement,
 * which functions and tables it names, any SETTINGS or INTO OUTFILE) and, for a SELECT,
 * the analyzed query tree (every table and table function as resolved, through aliases,
 * CTEs and IN). Only the analysts' tables, a few system tables and table functions that
 * generate values pass. What runs afterwards is the formatted text that was checked.
 */
export class QueryGuard {
  private tableFunctions: Promise<Set<string>> | null = null;

  constructor(private readonly engine: SqlEngine) {}

  private async text(sql: string, params: Record<string, string> = {}): Promise<string> {
    return (await this.engine.run(sql, { format: TEXT, params })).bytes.toString('utf8');
  }

  /** Names of table functions that are not also ordinary functions (those are refused anywhere). */
  private onlyTableFunctions(): Promise<Set<string>> {
    this.tableFunctions ??= this.text(
      'SELECT lower(name) FROM system.table_functions WHERE lower(name) NOT IN (SELECT lower(name) FROM system.functions)',
    ).then((names) => new Set(names.split('\n').filter(Boolean)));
    // A failed read (a full queue, a lost connection) is tried again by the next query.
    this.tableFunctions.catch(() => (this.tableFunctions = null));
    return this.tableFunctions;
  }

  async check(query: string, params: Record<string, string>): Promise<GuardedQuery> {
    if (Buffer.byteLength(query) > MAX_QUERY_BYTES)
      throw ClickHouseError.of('QUERY_IS_TOO_LARGE', `Query is too large (${Buffer.byteLength(query)} bytes); max_query_size = ${MAX_QUERY_BYTES}`);
    if (!query.trim()) throw ClickHouseError.of('SYNTAX_ERROR', 'Empty query');
    const formatted = await this.format(query);
    const ast = parseExplain(await this.text(`EXPLAIN AST ${formatted}`, params));
    const root = ast[0];
    if (!root) throw ClickHouseError.of('SYNTAX_ERROR', 'Empty query');
    const kind = statementKind(root, formatted, this.engine.database);
    const databases = new Set((await this.text('SELECT name FROM system.databases')).split('\n').filter(Boolean));
    this.checkSyntax(ast, databases, await this.onlyTableFunctions());
    // The FORMAT clause ends the formatted text and is an identifier under the statement
    // (EXISTS and DESCRIBE have their table's name there too, so both must hold).
    const trailing = /\sFORMAT\s+(\w+)$/.exec(formatted)?.[1];
    const formatName = trailing && ast.some((node) => node.parent === root && kindOf(node) === 'Identifier' && nameOf(node) === trailing) ? trailing : null;
    const sql = formatName ? formatted.replace(new RegExp(`\\s+FORMAT\\s+${formatName}$`), '') : formatted;
    if (formatName && sql === formatted) throw ClickHouseError.of('SYNTAX_ERROR', 'The FORMAT clause must end the query');
    if (kind === 'select') await this.checkTables(sql, params);
    return { kind, sql, format: formatName };
  }

  private async format(query: string): Promise<string> {
    try {
      // A literal, not a bound parameter: chDB runs bound queries one at a time across the
      // process, and formatting must never wait behind another analyst's long query.
      return (await this.text(`SELECT formatQuerySingleLine(${stringLiteral(query)})`)).replace(/\n$/, '');
    } catch (error) {
      const refusal = asClickHouseError(error);
      // The error names the formatting call: tell it as the analyst's own query's.
      throw new ClickHouseError(refusal.code, refusal.codeName, refusal.message.replace(/\.?\s*:?\s*In scope SELECT formatQuerySingleLine[\s\S]*$/, ''));
    }
  }

  /** Functions, table functions, qualified table names, SETTINGS and INTO OUTFILE, from the syntax tree. */
  private checkSyntax(ast: ExplainNode[], databases: Set<string>, tableFunctions: Set<string>): void {
    const allowed = allowedTables(this.engine.database);
    for (const node of ast) {
      const kind = kindOf(node);
      const name = nameOf(node);
      if (kind === 'Set')
        throw readonly(
          'Cannot modify settings in a query: the analysts’ limits are fixed. Pass format settings as URL parameters (see docs/analysts.md#limits)',
        );
      if (kind === 'Literal' && node.parent === ast[0]) throw refuse('INTO OUTFILE is not allowed');
      if (kind === 'Function') {
        const lower = name.toLowerCase();
        const isTableFunction = node.parent !== null && kindOf(node.parent) === 'TableExpression';
        if (
          isTableFunction ? !ALLOWED_TABLE_FUNCTIONS.includes(lower) : REFUSED_FUNCTIONS.has(lower) || lower.startsWith('dict') || tableFunctions.has(lower)
        ) {
          throw refuse(
            `${name}() ${isTableFunction || tableFunctions.has(lower) ? 'is a table function that reaches outside the analysts’ tables' : 'reaches outside the analysts’ tables'}`,
          );
        }
      }
      if (kind === 'TableIdentifier' && name.includes('.') && !allowed.has(name)) throw refuse(`${name} is not one of the analysts’ tables`);
      // `x IN db.table`, an alias of a qualified name: a dotted identifier that starts with another database.
      const prefix = name.split('.')[0]!;
      if (kind === 'Identifier' && name.includes('.') && prefix !== this.engine.database && databases.has(prefix) && !allowed.has(name)) {
        throw refuse(`${name} is not one of the analysts’ tables`);
      }
    }
  }

  /** Every table and table function the analyzer resolved, subqueries and IN included. */
  private async checkTables(sql: string, params: Record<string, string>): Promise<void> {
    const allowed = allowedTables(this.engine.database);
    for (const node of parseExplain(await this.text(`EXPLAIN QUERY TREE ${sql}`, params))) {
      const table = node.text.startsWith('TABLE ') ? fieldOf(node, 'table_name') : null;
      if (table && !allowed.has(table)) throw refuse(`${table} is not one of the analysts’ tables`);
      const tableFunction = node.text.startsWith('TABLE_FUNCTION ') ? fieldOf(node, 'table_function_name') : null;
      if (tableFunction && !ALLOWED_TABLE_FUNCTIONS.includes(tableFunction.toLowerCase())) throw refuse(`the table function ${tableFunction}() is not allowed`);
    }
  }
}

/** Text as a ClickHouse string literal: backslashes and quotes escaped, nothing else needs it. */
const stringLiteral = (text: string) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

/** Which statement this is; anything but a read is refused as ClickHouse refuses it to a readonly user. */
function statementKind(root: ExplainNode, formatted: string, database: string): GuardedQuery['kind'] {
  const kind = kindOf(root);
  if (SELECT_ROOTS.has(kind)) return 'select';
  if (kind === 'DescribeQuery') return 'describe';
  if (kind.startsWith('Exists')) {
    // EXISTS names its table without the analyzer: only the analysts' own names are answered.
    const named = /^EXISTS (?:TEMPORARY )?(?:TABLE |VIEW |DICTIONARY )?(\S+)$/i.exec(formatted)?.[1];
    if (!named || (named.includes('.') && !allowedTables(database).has(named))) throw refuse(`${named ?? 'that'} is not one of the analysts’ tables`);
    return 'exists';
  }
  if (kind === 'ShowTables') {
    if (/^SHOW DATABASES$/i.test(formatted)) return 'show_databases';
    const show = /^SHOW TABLES(?: FROM (\S+))?$/i.exec(formatted);
    if (show && (!show[1] || show[1] === database)) return 'show_tables';
    if (show) throw ClickHouseError.of('UNKNOWN_DATABASE', `Database ${show[1]} does not exist for analysts: their database is ${database}`);
    throw readonly('Only SHOW TABLES and SHOW DATABASES are answered');
  }
  throw readonly('Cannot execute query in readonly mode: analysts may only read (SELECT, DESCRIBE, EXISTS, SHOW TABLES)');
}
