import { describe, expect, it } from 'vitest';
import { profileUserAgent } from '@linkledger/projections';
import {
  BOT_SHARE,
  BOT_USER_AGENTS,
  COUNTRIES,
  HUMAN_USER_AGENTS,
  REFERRERS,
  WeightedPicker,
  ZipfSampler,
  clickTimes,
  hourlyWeights,
  seededRandom,
  visitorHash,
  visitorProfile,
} from './distribution.ts';

describe('the generator’s distribution', () => {
  it('is reproducible from its seed', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    const draws = Array.from({ length: 100 }, () => a());
    expect(Array.from({ length: 100 }, () => b())).toEqual(draws);
    expect(draws.every((u) => u >= 0 && u < 1)).toBe(true);
    expect(seededRandom(8)()).not.toBe(draws[0]);
  });

  it('gives the hottest of 100,000 links over 1,000,000 of 10,000,000 clicks, and every rank less than the one before', () => {
    const zipf = new ZipfSampler(100_000, 1.1);
    expect(zipf.share(0) * 10_000_000).toBeGreaterThan(1_000_000);
    expect(zipf.share(1)).toBeLessThan(zipf.share(0));
    expect(zipf.share(99_999)).toBeLessThan(zipf.share(1000));
    // The long tail: the last half of the links still draws a few percent of the clicks.
    let tail = 0;
    for (let k = 50_000; k < 100_000; k++) tail += zipf.share(k);
    expect(tail).toBeGreaterThan(0.02);
    expect(tail).toBeLessThan(0.1);
  });

  it('samples ranks with the shares it promises', () => {
    const zipf = new ZipfSampler(1000, 1.1);
    const random = seededRandom(1);
    const counts = new Uint32Array(1000);
    const draws = 200_000;
    for (let i = 0; i < draws; i++) counts[zipf.sample(random)]! += 1;
    expect(counts[0]! / draws).toBeCloseTo(zipf.share(0), 2);
    expect(counts[9]! / draws).toBeCloseTo(zipf.share(9), 2);
    expect(counts[0]).toBeGreaterThan(counts[1]!);
  });

  it('picks by weight', () => {
    const picker = new WeightedPicker([
      ['a', 3],
      ['b', 1],
    ]);
    const random = seededRandom(3);
    let a = 0;
    for (let i = 0; i < 40_000; i++) if (picker.pick(random) === 'a') a++;
    expect(a / 40_000).toBeCloseTo(0.75, 2);
    expect(picker.at(0)).toBe('a');
    expect(picker.at(0.99)).toBe('b');
  });

  it('has about 40 countries, direct visits and many referrers', () => {
    expect(COUNTRIES.values.filter(Boolean).length).toBeGreaterThanOrEqual(40);
    expect(new Set(COUNTRIES.values).size).toBe(COUNTRIES.values.length);
    expect(REFERRERS.values).toContain('');
    expect(REFERRERS.values.length).toBeGreaterThan(15);
  });

  it('uses user agents the projectors classify as the generator means: browsers are people, the rest are bots', () => {
    for (const ua of HUMAN_USER_AGENTS.values) expect(profileUserAgent(ua).is_bot, ua).toBe(false);
    for (const ua of BOT_USER_AGENTS.values) expect(profileUserAgent(ua).is_bot, ua).toBe(true);
    const devices = new Set(HUMAN_USER_AGENTS.values.map((ua) => profileUserAgent(ua).device));
    expect(devices).toEqual(new Set(['desktop', 'mobile', 'tablet']));
    expect(BOT_SHARE).toBeCloseTo(0.05);
  });

  it('keeps a visitor’s browser and country, and their hash for a day only', () => {
    expect(visitorProfile(12345)).toEqual(visitorProfile(12345));
    const profiles = new Set(Array.from({ length: 500 }, (_, v) => visitorProfile(v).country));
    expect(profiles.size).toBeGreaterThan(20);
    expect(visitorHash(1, 100)).toBe(visitorHash(1, 100));
    expect(visitorHash(1, 100)).not.toBe(visitorHash(1, 101));
    expect(visitorHash(1, 100)).not.toBe(visitorHash(2, 100));
    expect(visitorHash(1, 100)).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('spreads click times over the window in order, busier on weekdays and afternoons', () => {
    const start = Date.UTC(2026, 7, 3); // a Monday
    const hours = 28 * 24;
    const weights = hourlyWeights(start, hours, seededRandom(5));
    const times = [...clickTimes(50_000, start, weights)];
    expect(times).toHaveLength(50_000);
    expect(times.every((t, i) => i === 0 || t >= times[i - 1]!)).toBe(true);
    expect(times[0]).toBeGreaterThanOrEqual(start);
    expect(times.at(-1)).toBeLessThanOrEqual(start + hours * 3_600_000);
    const byHour = new Array<number>(24).fill(0);
    for (const t of times) byHour[new Date(t).getUTCHours()]! += 1;
    expect(byHour[14]!).toBeGreaterThan(2 * byHour[2]!);
  });
});
