import { describe, expect, it } from 'vitest';
import { countLabel, signedPercent } from './numbers.ts';

describe('dashboard number formats', () => {
  it('signs the growth percent and keeps one decimal', () => {
    expect(signedPercent(12.5)).toBe('+12.5%');
    expect(signedPercent(100)).toBe('+100.0%');
    expect(signedPercent(-3)).toBe('-3.0%');
    expect(signedPercent(-33.333)).toBe('-33.3%');
    expect(signedPercent(0)).toBe('0.0%');
    expect(signedPercent(-0.04)).toBe('0.0%');
    expect(signedPercent(Number.NaN)).toBe('0.0%');
  });

  it('groups counts by thousands', () => {
    expect(countLabel(0)).toBe('0');
    expect(countLabel(12480)).toBe('12,480');
  });
});
