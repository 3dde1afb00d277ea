import { describe, expect, it } from 'vitest';
import { CHART_COLOURS, chartColour, oneDecimalPercent, wholePercent } from './chart.ts';

describe('chart formatting rules', () => {
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
});
