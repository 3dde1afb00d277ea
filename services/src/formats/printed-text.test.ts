import { describe, expect, it } from 'vitest';
import { formatIndianDate } from './day-label.ts';
import { cleanLines, cleanText } from './printed-text.ts';

describe('cleanText', () => {
  it('strips control characters and turns line breaks into spaces', () => {
    expect(cleanText('Ctrl\u0000\u0007Name', 200)).toBe('CtrlName');
    expect(cleanText('  Asha\n\tRao\u202E  ', 200)).toBe('Asha Rao');
  });

  it('keeps non-Latin text and emoji intact', () => {
    expect(cleanText('अनुराग 🦄 مرحبا 你好 👩‍💻', 200)).toBe('अनुराग 🦄 مرحبا 你好 👩‍💻');
  });

  it('cuts overlong text to the limit with an ellipsis, never inside a grapheme', () => {
    expect(cleanText('x'.repeat(201), 200)).toBe(`${'x'.repeat(199)}…`);
    expect(cleanText('x'.repeat(200), 200)).toBe('x'.repeat(200));
    expect(cleanText('👩‍💻'.repeat(300), 200)).toBe(`${'👩‍💻'.repeat(199)}…`);
    expect(cleanText('y'.repeat(1_000_000), 200)).toHaveLength(200);
  });

  it('replaces lone surrogates', () => {
    expect(cleanText('a\uD83Eb', 200)).toBe('a\uFFFDb');
  });
});

describe('cleanLines', () => {
  it('splits, cleans, drops empty lines and caps the count', () => {
    expect(cleanLines('Line 1\r\n\r\nLine\u0000 2\rLine 3\nLine 4', 3, 200)).toEqual(['Line 1', 'Line 2', 'Line 3']);
  });
});

describe('formatIndianDate', () => {
  it('formats the calendar date in India, whatever the server time zone', () => {
    expect(formatIndianDate('2026-11-23T10:15:00Z')).toBe('23 Nov 2026');
    expect(formatIndianDate('2026-09-04T18:29:59Z')).toBe('04 Sep 2026');
    expect(formatIndianDate('2026-09-04T18:30:00Z')).toBe('05 Sep 2026');
    expect(formatIndianDate('2026-12-31T20:00:00+00:00')).toBe('01 Jan 2027');
  });

  it('throws on an invalid date', () => {
    expect(() => formatIndianDate('not a date')).toThrow(RangeError);
  });
});
