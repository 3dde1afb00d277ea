import { parse } from 'csv-parse/sync';
import { invalid } from '../commands/domain-error.ts';
import type { ImportedLink, ImportPage, ImportSource } from './import-source.ts';

/** Rows per page: each page is recorded with its outcomes, so a restart redoes at most this many. */
const CSV_PAGE_ROWS = 100;

const COLUMNS = ['url', 'code', 'title', 'tags', 'created_at'] as const;

/**
 * A CSV file as an import source (docs/import.md#csv): a header row naming the columns `url`
 * (required), `code`, `title`, `tags` (separated by `;`) and `created_at`, in any order and
 * case; other columns are left out. The file is parsed whole when opened: a file that is not
 * CSV, or has no `url` column, is refused before the job starts.
 */
export function csvSource(file: string): ImportSource {
  const rows = csvRows(file);
  return {
    name: 'csv',
    page: (cursor) => Promise.resolve(csvPage(rows, cursor === null ? 0 : Number(cursor))),
  };
}

function csvPage(rows: ImportedLink[], from: number): ImportPage {
  const to = Math.min(rows.length, from + CSV_PAGE_ROWS);
  return { links: rows.slice(from, to), next: to < rows.length ? String(to) : null, total: rows.length };
}

function csvRows(file: string): ImportedLink[] {
  let records: string[][];
  try {
    records = parse(file, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch (error) {
    throw invalid(`The file is not CSV we can read: ${error instanceof Error ? error.message : String(error)}`, 'file');
  }
  const [header, ...body] = records;
  const names = (header ?? []).map((name) => name.toLowerCase());
  const at = Object.fromEntries(COLUMNS.map((column) => [column, names.indexOf(column)])) as Record<(typeof COLUMNS)[number], number>;
  if (at.url < 0) throw invalid('The file’s first row must name its columns, and one of them must be "url".', 'file');
  const cell = (record: string[], column: (typeof COLUMNS)[number]) => (at[column] < 0 ? '' : (record[at[column]] ?? ''));
  return body.map((record) => ({
    shortUrl: cell(record, 'code'),
    code: cell(record, 'code'),
    domain: null,
    destination: cell(record, 'url'),
    title: cell(record, 'title'),
    tags: cell(record, 'tags')
      .split(';')
      .map((tag) => tag.trim())
      .filter(Boolean),
    createdAt: cell(record, 'created_at') || null,
    startsAt: null,
    expiresAt: null,
    maxClicks: null,
    clicks: 0,
    visits: [],
  }));
}
