import { describe, expect, it } from 'vitest';
import { calendarDateLabel, createdLabel, dayMonthLabel, fullDayLabel, momentLabel, monthYearLabel, secondLabel, shortDayLabel } from './dates.ts';
import { pageCount, pageWindow } from './pagination.ts';

describe('display formatting rules', () => {
  it('labels chart days by day and short month, tooltips with the full date, en-IN', () => {
    expect(shortDayLabel('2026-11-22')).toBe('22 Nov');
    expect(shortDayLabel('2026-01-05')).toBe('5 Jan');
    expect(fullDayLabel('2026-11-22')).toBe('Sunday, 22 November 2026');
  });

  it('writes every day the same en-IN way, day month year, and moments with a lower-case am/pm', () => {
    // Noon UTC is the same calendar day in every time zone a test machine might have.
    expect(createdLabel('2027-11-27T12:00:00.000Z')).toBe('27 Nov 2027');
    expect(calendarDateLabel('2026-12-01T00:00:00.000Z')).toBe('1 Dec 2026');
    expect(dayMonthLabel('2026-12-01T00:00:00.000Z')).toBe('1 December');
    expect(monthYearLabel('2026-06')).toBe('June 2026');
    expect(momentLabel('2026-06-05T12:04:00.000Z')).toMatch(/^5 Jun 2026, \d{1,2}:04\u00a0(am|pm)$/);
    expect(secondLabel('2026-11-02T12:00:05.000Z')).toMatch(/^2 Nov 2026, \d{2}:\d{2}:05$/);
  });

  it('gives back what is not a date as it came', () => {
    expect(momentLabel('soon')).toBe('soon');
    expect(createdLabel('')).toBe('');
    expect(monthYearLabel('not a month')).toBe('not a month');
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
