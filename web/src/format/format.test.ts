import { describe, expect, it } from 'vitest';
import { CHART_COLOURS, chartColour, oneDecimalPercent, wholePercent } from './chart.ts';
import { fullDayLabel, shortDayLabel } from './dates.ts';
import { pageCount, pageWindow } from './pagination.ts';
import { planLabel } from './plan-label.ts';

describe('display formatting rules', () => {
  it('labels pie slices with whole percents and table rows with one decimal', () => {
    expect(wholePercent(1, 3)).toBe('33%');
    expect(wholePercent(2, 3)).toBe('67%');
    expect(wholePercent(1, 8)).toBe('13%');
    expect(wholePercent(0, 0)).toBe('0%');
    expect(oneDecimalPercent(1, 3)).toBe('33.3%');
    expect(oneDecimalPercent(2, 3)).toBe('66.7%');
    expect(oneDecimalPercent(5, 5)).toBe('100.0%');
    expect(oneDecimalPercent(3, 0)).toBe('0.0%');
  });

  it('cycles through 8 distinct colours', () => {
    expect(new Set(CHART_COLOURS).size).toBe(8);
    expect(chartColour(0)).toBe(CHART_COLOURS[0]);
    expect(chartColour(7)).toBe(CHART_COLOURS[7]);
    expect(chartColour(8)).toBe(CHART_COLOURS[0]);
    expect(chartColour(17)).toBe(CHART_COLOURS[1]);
  });

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

  it('labels the plan from the subscription, else the user’s plan type, else Free', () => {
    expect(planLabel('pro', 'free')).toBe('Pro');
    expect(planLabel(undefined, 'enterprise')).toBe('Enterprise');
    expect(planLabel(null, null)).toBe('Free');
    expect(planLabel('', undefined)).toBe('Free');
  });
});
