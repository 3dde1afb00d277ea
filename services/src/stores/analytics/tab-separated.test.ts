import { describe, expect, it } from 'vitest';
import { TabSeparatedBody, tabSeparated, tabSeparatedText } from './tab-separated.ts';

describe('TabSeparated payloads', () => {
  it('escapes the separators, the backslash and NUL, and leaves every other character as it is', () => {
    expect(tabSeparatedText('a\tb\nc\rd\\e\0f')).toBe('a\\tb\\nc\\rd\\\\e\\0f');
    expect(tabSeparatedText('\\N')).toBe('\\\\N');
    const plain = `"'\`,;|\u0001\u001f\u007f é中😀`;
    expect(tabSeparatedText(plain)).toBe(plain);
  });

  it('writes the named columns of each row in their order, numbers as written and null as \\N, one line per row', () => {
    const rows = [
      { id: 1, name: 'x\ty', note: null },
      { id: 18446744073709, name: '', note: 'n' },
    ];
    expect(tabSeparated(rows, ['name', 'id', 'note']).toString('utf8')).toBe('x\\ty\t1\t\\N\n\t18446744073709\tn\n');
    expect(tabSeparated([], ['id']).length).toBe(0);
  });

  it('encodes the payload as UTF-8, a lone surrogate as U+FFFD', () => {
    expect(tabSeparated([{ text: 'é\ud800' }], ['text'])).toEqual(Buffer.from('é\ufffd\n', 'utf8'));
  });

  it('streams its bytes once, for the client, and keeps them for chDB', async () => {
    const body = new TabSeparatedBody(Buffer.from('1\n'));
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('1\n');
    expect(body.bytes.toString()).toBe('1\n');
  });
});
