import { BULK_CREATE_MAX } from '@linkledger/contracts';

/** A CSV file as rows of cells: its header row, and the rows under it. */
export interface CsvTable {
  headers: string[];
  rows: string[][];
}

/** Why a file cannot be used; shown as it is. */
export class CsvFileProblem extends Error {}

const DELIMITERS = [',', ';', '\t'] as const;

/** The separator a spreadsheet saved the file with: the one its header line uses most, outside quotes (comma when none). */
export function delimiterOf(text: string): (typeof DELIMITERS)[number] {
  const counts = new Map<string, number>();
  let quoted = false;
  for (const character of text) {
    if (character === '"') quoted = !quoted;
    else if (!quoted && (character === '\n' || character === '\r')) break;
    else if (!quoted) counts.set(character, (counts.get(character) ?? 0) + 1);
  }
  return DELIMITERS.reduce((best, delimiter) => ((counts.get(delimiter) ?? 0) > (counts.get(best) ?? 0) ? delimiter : best), DELIMITERS[0]);
}

/** 1,000 rows of the longest links the server takes fit in well under this; a larger file is not a links file. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;

/** The chosen file's table; a file over 5 MB is refused before it is read. */
export async function readCsvFile(file: Blob): Promise<CsvTable> {
  if (file.size > MAX_FILE_BYTES)
    throw new CsvFileProblem('This file is larger than 5 MB. A bulk create takes at most 1,000 rows: split the file into smaller ones.');
  return readCsv(await file.text());
}

/** Reads a CSV file (UTF-8, a header row, up to BULK_CREATE_MAX rows under it) with csv-parse, loaded when a file is chosen. */
async function readCsv(text: string): Promise<CsvTable> {
  const { parse } = await import('csv-parse/browser/esm/sync');
  let records: string[][];
  try {
    records = parse(text, { delimiter: delimiterOf(text), bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
  } catch (error) {
    throw new CsvFileProblem(`This file could not be read as CSV: ${error instanceof Error ? error.message : String(error)}`);
  }
  const [headers, ...rows] = records;
  if (!headers || rows.length === 0) throw new CsvFileProblem('This file has no rows under its header row: put one link per row, with a header row first.');
  if (rows.length > BULK_CREATE_MAX) {
    throw new CsvFileProblem(
      `This file has ${rows.length.toLocaleString('en-IN')} rows; one bulk create takes at most ${BULK_CREATE_MAX.toLocaleString('en-IN')}. Split it into smaller files.`,
    );
  }
  return { headers: headers.map((header, index) => header.trim() || `Column ${index + 1}`), rows };
}
