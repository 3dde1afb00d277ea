import { describe, expect, it } from 'vitest';
import { codeOf, countOf, countryCode, importedTags, importedTitle, isoInstant, referrerHost } from './imported-text.ts';

describe('what a source says, read as data (docs/import.md#sources)', () => {
  it.each([
    ['2024-03-01T10:00:00+0000', '2024-03-01T10:00:00.000Z'],
    ['2024-03-01T10:00:00+05:30', '2024-03-01T04:30:00.000Z'],
    ['2023-07-14 09:30:00', '2023-07-14T09:30:00.000Z'],
    ['2024-08-20T12:00:00.000Z', '2024-08-20T12:00:00.000Z'],
    ['yesterday', null],
    ['', null],
    [null, null],
  ])('reads the instant %s as %s', (value, instant) => {
    expect(isoInstant(value)).toBe(instant);
  });

  it.each([
    ['https://news.example.org/story?id=1', 'news.example.org'],
    ['news.example.org', 'news.example.org'],
    ['', ''],
    ['javascript:alert(1)', ''],
    ['android-app://com.slack', ''],
  ])('keeps the referrer %s as the host %s', (value, host) => {
    expect(referrerHost(value)).toBe(host);
  });

  it('takes counts as numbers or digits, anything else as 0', () => {
    expect([countOf('42'), countOf(7), countOf('-3'), countOf('1e3'), countOf(-1), countOf(1.5), countOf(null)]).toEqual([42, 7, 0, 0, 0, 0, 0]);
  });

  it('takes a country only as a two-letter code', () => {
    expect([countryCode('in'), countryCode('IND'), countryCode('<b>'), countryCode(null)]).toEqual(['IN', '', '', '']);
  });

  it('makes a title one plain line, cut at whole characters', () => {
    expect(importedTitle(' Summer\r\n\tsale\u2028now ')).toBe('Summer sale now');
    expect(importedTitle('😀'.repeat(300))).toBe('😀'.repeat(255));
  });

  it('keeps each tag once, whatever its letter case', () => {
    expect(importedTags(['Sale', 'sale', ' SALE ', 'new'])).toEqual(['Sale', 'new']);
  });

  it('reads a code from a short address, percent-decoded where valid', () => {
    expect([codeOf('https://sho.rt/caf%C3%A9'), codeOf('https://sho.rt/100%25'), codeOf('https://sho.rt/bad%E0%A4%A')]).toEqual([
      'café',
      '100%',
      'bad%E0%A4%A',
    ]);
  });
});
