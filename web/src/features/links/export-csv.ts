import type { Link } from '../../api/types.ts';
import { localDay } from '../../format/dates.ts';

/** The export's columns, in the server's order (docs/links.md#csv-export). */
export const EXPORT_COLUMNS = ['Title', 'Original URL', 'Short URL', 'Clicks', 'Created Date', 'Status', 'Tags', 'Folder'] as const;

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) gets
 * an apostrophe in front, as the server's export does (OWASP "CSV injection").
 */
export const inertCell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** RFC 4180 quoting: a cell with a comma, quote or line break is quoted, quotes doubled. */
export function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function exportRow(link: Link): string[] {
  return [
    inertCell(link.title),
    inertCell(link.original_url),
    inertCell(link.short_url),
    String(link.total_clicks),
    link.created_at.slice(0, 10),
    link.is_active ? 'Active' : 'Inactive',
    inertCell(link.tags.join('; ')),
    inertCell(link.folder ?? ''),
  ];
}

/** The client-side fallback export: the same columns, UTF-8 with a byte-order mark for spreadsheets. */
export function linksCsv(links: readonly Link[]): string {
  const rows = [[...EXPORT_COLUMNS], ...links.map(exportRow)];
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\n')}\n`;
}

/** urls_export_{YYYY-MM-DD}.csv, for the viewer's today. */
export const exportFileName = (date = new Date()) => `urls_export_${localDay(date)}.csv`;
