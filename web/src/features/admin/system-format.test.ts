import { describe, expect, it } from 'vitest';
import { bytesLabel, uptimeLabel } from './system-format.ts';

describe('uptimeLabel', () => {
  it('writes the two largest units', () => {
    expect(uptimeLabel(0)).toBe('0 s');
    expect(uptimeLabel(45)).toBe('45 s');
    expect(uptimeLabel(60)).toBe('1 min');
    expect(uptimeLabel(12 * 60 + 59)).toBe('12 min');
    expect(uptimeLabel(3600)).toBe('1 h 0 min');
    expect(uptimeLabel(3 * 3600 + 12 * 60 + 5)).toBe('3 h 12 min');
    expect(uptimeLabel(2 * 86400 + 5 * 3600 + 59 * 60)).toBe('2 d 5 h');
  });

  it('writes anything not a positive number as 0 s', () => {
    expect(uptimeLabel(-5)).toBe('0 s');
    expect(uptimeLabel(Number.NaN)).toBe('0 s');
  });
});

describe('bytesLabel', () => {
  it('keeps bytes below a kilobyte', () => {
    expect(bytesLabel(0)).toBe('0 B');
    expect(bytesLabel(512)).toBe('512 B');
    expect(bytesLabel(999)).toBe('999 B');
  });

  it('uses decimal units with one decimal at most', () => {
    expect(bytesLabel(1000)).toBe('1 kB');
    expect(bytesLabel(340_000)).toBe('340 kB');
    expect(bytesLabel(1_500_000)).toBe('1.5 MB');
    expect(bytesLabel(12_345_678)).toBe('12.3 MB');
    expect(bytesLabel(2_000_000_000)).toBe('2 GB');
    expect(bytesLabel(3_200_000_000_000)).toBe('3.2 TB');
  });

  it('moves to the next unit rather than writing 1,000 of one', () => {
    expect(bytesLabel(999_940)).toBe('999.9 kB');
    expect(bytesLabel(999_960)).toBe('1 MB');
  });

  it('writes a nonsense size as 0 B', () => {
    expect(bytesLabel(-1)).toBe('0 B');
    expect(bytesLabel(Number.NaN)).toBe('0 B');
  });
});
