import { stringify } from 'csv-stringify/sync';
import { inertCell } from '../http/inert-cell.ts';

/** The format the console asks ClickHouse for when a download will be opened in a spreadsheet. */
export const TYPED_ROWS_FORMAT = 'JSONCompactEachRowWithNamesAndTypes';

/** ClickHouse's TabSeparated escaping: a value stays on one line and in one column. */
const tsvValue = (text: string) => text.replaceAll('\\', '\\\\').replaceAll('\t', '\\t').replaceAll('\n', '\\n').replaceAll('\r', '\\r');

const isText = (type: string) => /^(Nullable\()?(LowCardinality\()?(Nullable\()?(String|FixedString|UUID|Enum)/.test(type);

/**
 * CSV or TSV with names, built from typed rows so that text cells which a spreadsheet
 * would run as a formula (`=…`, `+…`, `-…`, `@…`) are made inert, like the link export's
 * (docs/analysts.md#the-admin-console). Numbers keep their sign: only text columns change.
 */
export function spreadsheetSafe(typedRows: Buffer, format: 'CSVWithNames' | 'TabSeparatedWithNames'): Buffer {
  const lines = typedRows.toString('utf8').split('\n').filter(Boolean);
  const [names = [], types = []] = lines.slice(0, 2).map((line) => JSON.parse(line) as string[]);
  const text = types.map(isText);
  const rows = lines.slice(2).map((line) =>
    (JSON.parse(line) as unknown[]).map((value, column) => {
      const cell = value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);
      return text[column] ? inertCell(cell) : cell;
    }),
  );
  if (format === 'CSVWithNames') return Buffer.from(stringify([names, ...rows]));
  return Buffer.from([names, ...rows].map((row) => `${row.map(tsvValue).join('\t')}\n`).join(''));
}
