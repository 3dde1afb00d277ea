import { describe, expect, it } from 'vitest';
import { changeLabel, durationLabel, lagLabel, patternsFrom, patternsText, percentDone, rateLabel, rebuildLine } from './projections-format.ts';
import type { Rebuild } from './projections-api.ts';

const rebuild = (overrides: Partial<Rebuild>): Rebuild => ({
  rebuild_id: 'r',
  projections: ['analytics'],
  reason: 'rebuild',
  state: 'running',
  phase: 'copying',
  done: 12_000,
  total: 40_000,
  events: 11_500,
  events_per_second: 2300,
  progress_known: true,
  started_at: '2026-11-23T10:00:00.000Z',
  started_by: 'root@example.com',
  finished_at: null,
  duration_ms: null,
  error: null,
  clicks: null,
  ...overrides,
});

describe('the projections tab’s wording', () => {
  it('writes lags, rates and durations', () => {
    expect([0, 0.44, 12.4, 185, 7800].map(lagLabel)).toEqual(['caught up', '0.4 s', '12 s', '3 min 5 s', '2 h 10 min']);
    expect([null, 0, 2.25, 2300].map(rateLabel)).toEqual(['—', '0/s', '2.3/s', '2,300/s']);
    expect([850, 12_340, 242_000].map(durationLabel)).toEqual(['850 ms', '12.3 s', '4 min 2 s']);
    expect([changeLabel(10, 1034), changeLabel(50, 38), changeLabel(3, 3)]).toEqual(['+1,024', '−12', '±0']);
  });

  it('says how far a rebuild has got, or how it ended', () => {
    expect(percentDone(12_000, 40_000)).toBe(30);
    expect(percentDone(5, 0)).toBe(0);
    expect(rebuildLine(rebuild({}))).toBe('Copying the log into a fresh copy: 12,000 of 40,000 positions · 2,300/s');
    expect(rebuildLine(rebuild({ progress_known: false }))).toMatch(/progress shows there/);
    expect(rebuildLine(rebuild({ state: 'done', duration_ms: 12_340 }))).toBe('Done: 11,500 events applied in 12.3 s; the rebuilt copy is live.');
    expect(rebuildLine(rebuild({ state: 'failed', duration_ms: 500, error: 'disk full' }))).toBe(
      'Failed after 500 ms: disk full. The live projections were left as they were.',
    );
  });

  it('turns the patterns box into a list and back', () => {
    expect(patternsFrom(' AcmeInternal \n\n uptime-kuma\n')).toEqual(['AcmeInternal', 'uptime-kuma']);
    expect(patternsText(['a', 'b'])).toBe('a\nb');
  });
});
