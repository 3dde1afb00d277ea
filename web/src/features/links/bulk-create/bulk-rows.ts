import { CreateLinkBody, withFieldLabels } from '@linkledger/contracts';
import type { BulkCreateResponse } from '@linkledger/contracts';
import { csvCell, inertCell } from '../export-csv.ts';
import { BULK_FIELDS, type ColumnMapping } from './bulk-fields.ts';

/** What one row sends: the body of a single create. */
type BulkItem = Record<string, string | string[]>;

/** A row of the file as it will be sent, or why it will fail; `row` counts the header as row 1, as a spreadsheet does. */
export interface PreviewRow {
  row: number;
  item: BulkItem;
  problem: string | null;
}

/** A row's outcome for the result table and file. */
export interface ResultRow {
  row: number;
  created: boolean;
  shortUrl: string;
  destination: string;
  error: string;
}

const CODE_CHARACTERS = /^[A-Za-z0-9_-]+$/;

/** Tags in one cell, separated by commas or bars: "launch, india|q4". */
const tagsIn = (cell: string) =>
  cell
    .split(/[,|]/)
    .map((tag) => tag.trim())
    .filter(Boolean);

function itemOf(cells: readonly string[], mapping: ColumnMapping): BulkItem {
  const item: BulkItem = {};
  for (const { key } of BULK_FIELDS) {
    const column = mapping[key];
    const cell = column === null ? '' : (cells[column] ?? '').trim();
    if (cell === '') continue;
    item[key] = key === 'tags' ? tagsIn(cell) : cell;
  }
  return item;
}

/**
 * Why the server would refuse the item, checked here where it is cheap: the create body's own
 * schema (so the words are the server's) and the custom code's length and characters. Whether
 * a code is free, reserved or within the monthly limit only the server's answer says.
 */
function problemOf(item: BulkItem): string | null {
  const parsed = CreateLinkBody.safeParse(item);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.find((part): part is string => typeof part === 'string');
    if (issue.path.length === 0 || field === undefined) return issue.message;
    return withFieldLabels(issue.message, field);
  }
  const code = parsed.data.short_code;
  if (code !== undefined && (code.length < 3 || code.length > 32)) return 'The short code must be 3 to 32 characters long.';
  if (code !== undefined && !CODE_CHARACTERS.test(code)) return 'The short code may contain only letters, digits, hyphens (-) and underscores (_).';
  return null;
}

/** Every row of the file as it will be sent, with the problem of each one that will fail (a code used twice fails the second time). */
export function previewRows(rows: readonly (readonly string[])[], mapping: ColumnMapping): PreviewRow[] {
  const codes = new Map<string, number>();
  return rows.map((cells, index) => {
    const row = index + 2;
    const item = itemOf(cells, mapping);
    let problem = problemOf(item);
    const code = typeof item['short_code'] === 'string' ? item['short_code'] : undefined;
    if (!problem && code !== undefined) {
      const first = codes.get(code.toLowerCase());
      if (first !== undefined) problem = `The short code "${code}" is already used by row ${first} of this file.`;
      else codes.set(code.toLowerCase(), row);
    }
    return { row, item, problem };
  });
}

/** The rows to send: those without a problem. */
export const rowsToSend = (rows: readonly PreviewRow[]) => rows.filter((row) => row.problem === null);

/** Each row's outcome: the server's answer for the rows sent (in the order sent), the preview's problem for the others. */
export function resultRows(rows: readonly PreviewRow[], answer: BulkCreateResponse): ResultRow[] {
  const sent = rowsToSend(rows);
  const answered = new Map(sent.map((row, index) => [row.row, answer.results.find((result) => result.index === index)]));
  return rows.map((row) => {
    const destination = typeof row.item['original_url'] === 'string' ? row.item['original_url'] : '';
    const result = answered.get(row.row);
    if (!result) return { row: row.row, created: false, shortUrl: '', destination, error: row.problem ?? 'Not sent.' };
    const created = result.status < 300 && result.link !== undefined;
    return {
      row: row.row,
      created,
      shortUrl: result.link?.short_url ?? '',
      destination,
      error: created ? '' : (result.error?.detail ?? `Refused with status ${result.status}.`),
    };
  });
}

const RESULT_COLUMNS = ['Row', 'Status', 'Short URL', 'Destination', 'Error'];

/** The downloadable result: one line per row, every cell inert in a spreadsheet and quoted as RFC 4180 asks (as the export is). */
export function resultCsv(rows: readonly ResultRow[]): string {
  const lines = rows.map((row) => [String(row.row), row.created ? 'Created' : 'Failed', row.shortUrl, row.destination, row.error].map(inertCell));
  return `\uFEFF${[RESULT_COLUMNS, ...lines].map((line) => line.map(csvCell).join(',')).join('\n')}\n`;
}
