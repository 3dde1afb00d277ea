import { describe, expect, it } from 'vitest';
import type { BulkCreateResponse } from '@linkledger/contracts';
import { delimiterOf, readCsvFile } from './bulk-csv.ts';

const readCsv = (text: string) => readCsvFile(new Blob([text]));
import { guessMapping } from './bulk-fields.ts';
import { previewRows, resultCsv, resultRows, rowsToSend } from './bulk-rows.ts';

// The Bulk create dialog's file handling (docs/links.md#bulk-create).
describe('reading a bulk-create file', () => {
  it('guesses the columns from the headers of other shorteners’ and spreadsheets’ files', () => {
    expect(guessMapping(['Long_URL', 'Slug', 'Name', 'Tags', 'utm-campaign', 'Ignored'])).toMatchObject({
      original_url: 0,
      short_code: 1,
      title: 2,
      tags: 3,
      utm_campaign: 4,
      description: null,
      folder: null,
    });
  });

  it('reads comma, semicolon and tab files, quoted cells with line breaks and quotes included', async () => {
    expect(delimiterOf('url;title\nhttps://a.example/?a=1,2;A')).toBe(';');
    expect(delimiterOf('"a;b",c\n')).toBe(',');
    const table = await readCsv('\uFEFFurl\ttitle\nhttps://example.com/\t"Says ""hi""\nthen more"\n\n');
    expect(table).toEqual({ headers: ['url', 'title'], rows: [['https://example.com/', 'Says "hi"\nthen more']] });
  });

  it('refuses a file without rows, with more than 1,000 or over 5 MB, saying why', async () => {
    await expect(readCsv('url\n')).rejects.toThrow(/no rows under its header/);
    const big = `url\n${'https://example.com/\n'.repeat(1001)}`;
    await expect(readCsv(big)).rejects.toThrow(/1,001 rows; one bulk create takes at most 1,000/);
    await expect(readCsv(`url\n${'https://example.com/'.repeat(300_000)}`)).rejects.toThrow(/larger than 5 MB/);
  });
});

describe('the preview and the result', () => {
  const headers = ['URL', 'Title', 'Code', 'Tags'];
  const rows = [
    ['https://example.com/a', '=HYPERLINK("http://evil.example","click")', 'promo-a', 'launch, india|q4'],
    ['javascript:alert(1)', 'bad', '', ''],
    ['https://example.com/b', '', 'no spaces', ''],
    ['https://example.com/c', '', 'PROMO-A', ''],
    ['', 'no destination', '', ''],
    ['https://example.com/d', '+cmd|"/C calc"!A0', '', ''],
  ];
  const preview = previewRows(rows, guessMapping(headers));

  it('lists the rows that will fail and why, in the server’s words, and sends only the others', () => {
    expect(preview.map((row) => [row.row, row.problem])).toEqual([
      [2, null],
      [3, expect.stringMatching(/^Destination URL/)],
      [4, 'The short code may contain only letters, digits, hyphens (-) and underscores (_).'],
      [5, 'The short code "PROMO-A" is already used by row 2 of this file.'],
      [6, expect.stringMatching(/^Destination URL/)],
      [7, null],
    ]);
    expect(preview[0]!.item).toEqual({
      original_url: 'https://example.com/a',
      title: '=HYPERLINK("http://evil.example","click")',
      short_code: 'promo-a',
      tags: ['launch', 'india', 'q4'],
    });
    expect(rowsToSend(preview).map((row) => row.row)).toEqual([2, 7]);
  });

  it('writes a result file whose formula-like cells are inert and whose quotes and line breaks stay inside their cell', () => {
    const answer: BulkCreateResponse = {
      results: [
        { index: 0, status: 201, link: { short_url: 'http://localhost/promo-a' } as never },
        { index: 1, status: 403, error: { detail: '=1+1 "quoted"\nsecond line' } },
      ],
      created: 1,
      failed: 1,
    };
    const result = resultRows(preview, answer);
    expect(result[0]).toMatchObject({ row: 2, created: true, shortUrl: 'http://localhost/promo-a' });
    expect(result[1]).toMatchObject({ row: 3, created: false, error: expect.stringMatching(/^Destination URL/) });
    expect(result[5]).toMatchObject({ row: 7, created: false, destination: 'https://example.com/d', error: '=1+1 "quoted"\nsecond line' });
    const csv = resultCsv(result);
    expect(csv.startsWith('\uFEFFRow,Status,Short URL,Destination,Error\n2,Created,http://localhost/promo-a,https://example.com/a,\n')).toBe(true);
    expect(csv).toContain('7,Failed,,https://example.com/d,"\'=1+1 ""quoted""\nsecond line"\n');
    expect(csv).not.toMatch(/(^|,)[=+\-@]/m);
  });
});
