import { describe, expect, it } from 'vitest';
import { stateAtFromParam, versionIndexAt } from './versions.ts';

const entries = [
  { position: 10, at: '2026-11-02T09:00:00.000Z' },
  { position: 20, at: '2026-11-02T09:10:00.000Z' },
  { position: 35, at: '2026-11-02T09:20:00.000Z' },
];

describe('state at', () => {
  it('reads the address: a position, an ISO time, or now', () => {
    expect(stateAtFromParam('35')).toBe(35);
    expect(stateAtFromParam('2026-11-02T09:05:00Z')).toBe('2026-11-02T09:05:00Z');
    expect(stateAtFromParam('last tuesday')).toBeNull();
    expect(stateAtFromParam(null)).toBeNull();
  });

  it('finds the version in force at a position or a time', () => {
    expect(versionIndexAt(entries, null)).toBe(2);
    expect(versionIndexAt(entries, 20)).toBe(1);
    expect(versionIndexAt(entries, 34)).toBe(1);
    expect(versionIndexAt(entries, 5)).toBe(-1);
    expect(versionIndexAt(entries, '2026-11-02T09:15:00Z')).toBe(1);
    expect(versionIndexAt(entries, '2026-11-02T09:20:00.000Z')).toBe(2);
    expect(versionIndexAt(entries, '2020-01-01T00:00:00Z')).toBe(-1);
    expect(versionIndexAt([], null)).toBe(-1);
  });
});
