import { describe, expect, it } from 'vitest';
import type { Analytics } from '../../api/types.ts';
import { applyLiveClick, clicksInRange, lastDays, rangeDays, rangeProblem, retentionNote } from './analytics-state.ts';

const loaded = (): Analytics => ({
  total_clicks: 5,
  clicks_today: 2,
  clicks_this_week: 3,
  clicks_this_month: 4,
  clicks_by_date: [
    { date: '2026-11-20', clicks: 1 },
    { date: '2026-11-21', clicks: 2 },
    { date: '2026-11-22', clicks: 2 },
  ],
  top_referrers: [
    { referrer: 'Direct', count: 3 },
    { referrer: 'news.example', count: 2 },
  ],
  top_countries: [{ country: 'IN', count: 5 }],
  devices: [{ name: 'Desktop', count: 5 }],
  browsers: [{ name: 'Chrome', count: 5 }],
  operating_systems: [{ name: 'Linux', count: 5 }],
  unique_visitors: 3,
  qr_scans: 0,
  shares: [],
  imported_clicks: 0,
  by_rule: [],
  by_variant: [],
  retention: { days: 30, since: '2026-10-24', clipped: false },
});

const context = { readDay: '2026-11-22', range: { from: '2026-11-20', to: '2026-11-22' } };
const clickAt = (total: number, at = '2026-11-22T10:15:00.000Z', country = 'DE', referrer = 'news.example') => ({ total_clicks: total, at, country, referrer });

describe('a live click on the analytics screen', () => {
  it('adds to Total Clicks, Today, This Week, This Month and today’s bar', () => {
    const next = applyLiveClick(loaded(), clickAt(6), context);
    expect(next.total_clicks).toBe(6);
    expect(next.clicks_today).toBe(3);
    expect(next.clicks_this_week).toBe(4);
    expect(next.clicks_this_month).toBe(5);
    expect(next.clicks_by_date).toEqual([
      { date: '2026-11-20', clicks: 1 },
      { date: '2026-11-21', clicks: 2 },
      { date: '2026-11-22', clicks: 3 },
    ]);
    expect(clicksInRange(next)).toBe(6);
  });

  it('counts a coalesced burst by the difference of the totals', () => {
    const next = applyLiveClick(loaded(), clickAt(9), context);
    expect(next.total_clicks).toBe(9);
    expect(next.clicks_today).toBe(6);
    expect(next.clicks_by_date.at(-1)).toEqual({ date: '2026-11-22', clicks: 6 });
  });

  it('ignores a message that brings no new click (already counted or out of order)', () => {
    const before = loaded();
    expect(applyLiveClick(before, clickAt(5), context)).toBe(before);
    expect(applyLiveClick(before, clickAt(4), context)).toBe(before);
  });

  it('puts the click’s referrer and country into the pie and the table, re-sorted; empty ones as Direct and Unknown', () => {
    const next = applyLiveClick(loaded(), clickAt(7, undefined, 'DE', 'news.example'), context);
    expect(next.top_referrers).toEqual([
      { referrer: 'news.example', count: 4 },
      { referrer: 'Direct', count: 3 },
    ]);
    expect(next.top_countries).toEqual([
      { country: 'IN', count: 5 },
      { country: 'DE', count: 2 },
    ]);
    const direct = applyLiveClick(loaded(), clickAt(6, undefined, '', ''), context);
    expect(direct.top_referrers[0]).toEqual({ referrer: 'Direct', count: 4 });
    expect(direct.top_countries).toContainEqual({ country: 'Unknown', count: 1 });
  });

  it('leaves Today, the week and the month to a re-read once the day has changed', () => {
    const next = applyLiveClick(loaded(), clickAt(6, '2026-11-23T00:00:01.000Z'), context);
    expect(next.total_clicks).toBe(6);
    expect(next.clicks_today).toBe(2);
    expect(next.clicks_by_date).toEqual(loaded().clicks_by_date);
    expect(next.top_referrers).toEqual(loaded().top_referrers);
  });

  it('does not change the input', () => {
    const before = loaded();
    applyLiveClick(before, clickAt(8), context);
    expect(before).toEqual(loaded());
  });
});

describe('the analytics date range', () => {
  it('covers the last n days up to today (UTC)', () => {
    expect(lastDays(30, new Date('2026-11-22T23:59:00Z'))).toEqual({ from: '2026-10-24', to: '2026-11-22' });
    expect(lastDays(1, new Date('2026-11-22T00:00:00Z'))).toEqual({ from: '2026-11-22', to: '2026-11-22' });
    expect(rangeDays({ from: '2026-10-24', to: '2026-11-22' })).toBe(30);
  });

  it('refuses an incomplete, reversed or too long custom range', () => {
    expect(rangeProblem({ from: '2026-11-01', to: '2026-11-22' })).toBeNull();
    expect(rangeProblem({ from: '', to: '2026-11-22' })).toBe('Choose both a start and an end date.');
    expect(rangeProblem({ from: '2026-11-23', to: '2026-11-22' })).toBe('The From date must be on or before the To date.');
    expect(rangeProblem({ from: '2025-01-01', to: '2026-11-22' })).toBe('Choose at most 366 days.');
  });
});

describe('retentionNote', () => {
  it('says how far back the plan shows clicks and how far the plans above reach', () => {
    expect(retentionNote({ days: 30, since: '2026-10-24', clipped: false }, 'Free')).toBe(
      'Your Free plan shows the last 30 days of clicks. Upgrade to see up to 90/365 days.',
    );
    expect(retentionNote({ days: 90, since: '2026-08-25', clipped: true }, 'Pro')).toBe(
      'Your Pro plan shows the last 90 days of clicks. Upgrade to see up to 365 days.',
    );
    expect(retentionNote({ days: 365, since: '2025-11-23', clipped: false }, 'Enterprise')).toBe('Your Enterprise plan shows the last 365 days of clicks.');
    expect(retentionNote({ days: -1, since: null, clipped: false }, 'Enterprise')).toBeNull();
  });
});
