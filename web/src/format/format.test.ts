import { describe, expect, it } from 'vitest';
import { fullDayLabel, shortDayLabel } from './dates.ts';
import { pageCount, pageWindow } from './pagination.ts';

describe('display formatting rules', () => {
  it('labels chart days by short month and day, tooltips with the full date', () => {
    expect(shortDayLabel('2026-11-22')).toBe('Nov 22');
    expect(shortDayLabel('2026-01-05')).toBe('Jan 5');
    expect(fullDayLabel('2026-11-22')).toBe('Sunday, November 22, 2026');
  });

  it('shows up to 5 page numbers around the current page', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(10)).toBe(1);
    expect(pageCount(11)).toBe(2);
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(5, 10)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(9, 10)).toEqual([6, 7, 8, 9, 10]);
  });

});
