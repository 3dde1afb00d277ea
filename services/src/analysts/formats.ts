import { ClickHouseError } from '../stores/analytics/clickhouse-error.ts';

/** ClickHouse's default output format over HTTP. */
export const DEFAULT_FORMAT = 'TabSeparated';

const TSV = 'text/tab-separated-values; charset=UTF-8';
const JSON_TYPE = 'application/json; charset=UTF-8';
const NDJSON = 'application/x-ndjson; charset=UTF-8';
const BINARY = 'application/octet-stream';
const TEXT = 'text/plain; charset=UTF-8';

/** Output formats answered, with the content type ClickHouse answers each with. Formats that read schema or template files are not among them. */
const FORMATS: Record<string, string> = {
  TabSeparated: TSV,
  TSV: TSV,
  TabSeparatedRaw: TSV,
  TSVRaw: TSV,
  TabSeparatedWithNames: TSV,
  TSVWithNames: TSV,
  TabSeparatedWithNamesAndTypes: TSV,
  TSVWithNamesAndTypes: TSV,
  TabSeparatedRawWithNames: TSV,
  TSVRawWithNames: TSV,
  CSV: 'text/csv; charset=UTF-8; header=absent',
  CSVWithNames: 'text/csv; charset=UTF-8; header=present',
  CSVWithNamesAndTypes: 'text/csv; charset=UTF-8; header=present',
  JSON: JSON_TYPE,
  JSONStrings: JSON_TYPE,
  JSONCompact: JSON_TYPE,
  JSONCompactStrings: JSON_TYPE,
  JSONColumns: JSON_TYPE,
  JSONCompactColumns: JSON_TYPE,
  JSONColumnsWithMetadata: JSON_TYPE,
  JSONObjectEachRow: JSON_TYPE,
  JSONEachRow: NDJSON,
  NDJSON: NDJSON,
  JSONLines: NDJSON,
  JSONStringsEachRow: NDJSON,
  JSONCompactEachRow: NDJSON,
  JSONCompactEachRowWithNames: NDJSON,
  JSONCompactEachRowWithNamesAndTypes: NDJSON,
  JSONCompactStringsEachRow: NDJSON,
  JSONEachRowWithProgress: NDJSON,
  Parquet: BINARY,
  Arrow: BINARY,
  ArrowStream: BINARY,
  ORC: BINARY,
  Avro: BINARY,
  Native: BINARY,
  RowBinary: BINARY,
  RowBinaryWithNames: BINARY,
  RowBinaryWithNamesAndTypes: BINARY,
  Values: TEXT,
  Vertical: TEXT,
  Pretty: TEXT,
  PrettyCompact: TEXT,
  PrettyCompactMonoBlock: TEXT,
  PrettySpace: TEXT,
  PrettyNoEscapes: TEXT,
  PrettyCompactNoEscapes: TEXT,
  PrettySpaceNoEscapes: TEXT,
  Markdown: 'text/markdown; charset=UTF-8',
  XML: 'application/xml; charset=UTF-8',
  TSKV: TSV,
  Null: TEXT,
};

/** The format by its name as ClickHouse spells it (names are case-sensitive there too). */
export function outputFormat(name: string): { name: string; contentType: string } {
  const contentType = Object.hasOwn(FORMATS, name) ? FORMATS[name] : undefined;
  if (!contentType) throw ClickHouseError.of('UNKNOWN_FORMAT', `Unknown output format ${name.slice(0, 100)} for analysts (see docs/analysts.md#formats)`);
  return { name, contentType };
}

const NEWLINE = 0x0a;
const QUOTE = 0x22;

/** Whether some `"` is followed by a line break before the next `"`: a quoted value may span lines. */
function quoteBeforeLineBreak(bytes: Buffer): boolean {
  for (let quote = bytes.indexOf(QUOTE); quote !== -1;) {
    const next = bytes.indexOf(QUOTE, quote + 1);
    const newline = bytes.indexOf(NEWLINE, quote + 1);
    if (newline !== -1 && (next === -1 || newline < next)) return true;
    quote = next;
  }
  return false;
}

/**
 * How many rows an answer holds, read from the answer itself: JSON formats state it, line
 * formats hold one row a line (less their header lines). Null where the bytes cannot tell
 * cheaply (binary formats, CSV with quoted line breaks).
 */
export function resultRows(format: string, bytes: Buffer): number | null {
  if (/^JSON(Strings|Compact|CompactStrings)?$/.test(format)) {
    // The count sits at the end ("rows": N, then statistics): read only the tail, never the whole answer as text.
    const counts = [
      ...bytes
        .subarray(Math.max(0, bytes.length - 4096))
        .toString('utf8')
        .matchAll(/\n\t"rows": (\d+),?\n/g),
    ];
    return counts.length ? Number(counts.at(-1)![1]) : null;
  }
  const lineFormat = /^(TabSeparated|TSV|CSV|JSON\w*EachRow|NDJSON|JSONLines|TSKV)/.test(format) && !format.endsWith('WithProgress');
  if (!lineFormat) return null;
  let lines = 0;
  for (let at = bytes.indexOf(NEWLINE); at !== -1; at = bytes.indexOf(NEWLINE, at + 1)) lines++;
  // A quoted CSV value may hold a line break: then lines are not rows.
  if (format.startsWith('CSV') && quoteBeforeLineBreak(bytes)) return null;
  const header = format.endsWith('WithNamesAndTypes') ? 2 : format.endsWith('WithNames') ? 1 : 0;
  return Math.max(0, lines - header);
}
