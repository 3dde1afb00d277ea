import type { Condition, Query, Where } from '@linkledger/contracts';

const FIELD = /^[a-z_][a-z0-9_]*$/i;

/** Field names are interpolated into JSON paths, so only plain identifiers are allowed. */
export function assertField(field: string): string {
  if (!FIELD.test(field)) throw new Error(`Invalid field name ${JSON.stringify(field)}`);
  return field;
}

export const jsonField = (field: string) => `json_extract(doc, '$.${assertField(field)}')`;
/** A field as its copy among the document's indexed fields (the `keys` column, see sqlite-docs.ts). */
export const keysField = (field: string) => `json_extract(keys, '$.${assertField(field)}')`;
/** The SQL expression a query reads a field through. */
export type FieldSql = (field: string) => string;

type SqlValue = string | number | null;
const sqlValue = (value: unknown): SqlValue => (typeof value === 'boolean' ? (value ? 1 : 0) : (value as SqlValue));

/** Translates a read-store filter into an SQLite WHERE clause over JSON documents. */
export function whereSql(where: Where | undefined, params: SqlValue[], column: FieldSql = jsonField): string {
  if (!where) return '1';
  const clauses: string[] = [];
  for (const [field, condition] of Object.entries(where)) {
    if (condition === undefined) continue;
    if (field === 'or') {
      const alternatives = (condition as Where[]).map((w) => `(${whereSql(w, params, column)})`);
      clauses.push(alternatives.length ? `(${alternatives.join(' OR ')})` : '0');
      continue;
    }
    if (field === 'and') {
      const all = (condition as Where[]).map((w) => `(${whereSql(w, params, column)})`);
      clauses.push(all.length ? `(${all.join(' AND ')})` : '1');
      continue;
    }
    clauses.push(conditionSql(column(field), condition as Condition, params));
  }
  return clauses.length ? clauses.join(' AND ') : '1';
}

function conditionSql(column: string, condition: Condition, params: SqlValue[]): string {
  if (condition === null) return `${column} IS NULL`;
  if (typeof condition !== 'object') {
    params.push(sqlValue(condition));
    return `${column} = ?`;
  }
  if ('in' in condition) {
    if (condition.in.length === 0) return '0';
    params.push(...condition.in);
    return `${column} IN (${condition.in.map(() => '?').join(', ')})`;
  }
  if ('contains' in condition) {
    params.push(condition.contains.toLowerCase());
    return `instr(lower(${column}), ?) > 0`;
  }
  if ('has_any' in condition) return arraySql(column, condition.has_any, 'any', params);
  if ('has_all' in condition) return arraySql(column, condition.has_all, 'all', params);
  const parts: string[] = [];
  const ops = { gte: '>=', gt: '>', lte: '<=', lt: '<' } as const;
  for (const [key, op] of Object.entries(ops)) {
    const value = condition[key as keyof typeof ops];
    if (value === undefined) continue;
    params.push(value);
    parts.push(`${column} ${op} ?`);
  }
  return parts.length ? parts.join(' AND ') : '1';
}

/** An array field holding any or all of the values: its elements read through json_each (a missing field has none). */
function arraySql(column: string, values: readonly (string | number)[], mode: 'any' | 'all', params: SqlValue[]): string {
  const distinct = [...new Set(values)];
  if (distinct.length === 0) return mode === 'any' ? '0' : '1';
  params.push(...distinct);
  const matching = `SELECT value FROM json_each(${column}) WHERE value IN (${distinct.map(() => '?').join(', ')})`;
  if (mode === 'any') return `EXISTS (${matching})`;
  return `(SELECT count(DISTINCT value) FROM (${matching})) = ${distinct.length}`;
}

export function orderSql(query: Query, column: FieldSql = jsonField): string {
  const keys = (query.sort ?? []).map((s) => `${column(s.field)} ${s.direction === 'desc' ? 'DESC' : 'ASC'}`);
  keys.push('id ASC');
  return keys.join(', ');
}
