import { Readable } from 'node:stream';

/** The bytes ClickHouse's TabSeparated reader would take for something else: the separators, the escape and NUL. */
const SPECIAL = /[\\\t\n\r\0]/;
const SPECIALS = /[\\\t\n\r\0]/g;
const ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r', '\0': '\\0' };
const escapeOne = (char: string) => ESCAPES[char]!;

/** A string as one TabSeparated field: every byte the format gives a meaning escaped, the rest as it is. */
export const tabSeparatedText = (text: string) => (SPECIAL.test(text) ? text.replace(SPECIALS, escapeOne) : text);

type Field = string | number | null;

/**
 * Rows as one TabSeparated payload, the named columns in their order: strings escaped,
 * numbers as written, null as `\N`. One string for the whole batch, one UTF-8 encoding
 * of it (a lone UTF-16 surrogate becomes U+FFFD, as in any UTF-8 store). Why not JSON:
 * docs/architecture.md#projections.
 */
export function tabSeparated<Row extends { [Column in Columns]: Field }, Columns extends string>(rows: readonly Row[], columns: readonly Columns[]): Buffer {
  let text = '';
  for (const row of rows) {
    for (let i = 0; i < columns.length; i++) {
      const value: Field = row[columns[i]!];
      text += (i === 0 ? '' : '\t') + (typeof value === 'string' ? tabSeparatedText(value) : value === null ? '\\N' : String(value));
    }
    text += '\n';
  }
  return Buffer.from(text, 'utf8');
}

/**
 * A TabSeparated payload as the official client takes it (a byte stream), keeping its
 * bytes at hand so chDB can be given them without a copy (clickhouse-analytics-store.ts).
 */
export class TabSeparatedBody extends Readable {
  constructor(readonly bytes: Buffer) {
    super();
  }

  override _read() {
    this.push(this.bytes);
    this.push(null);
  }
}
