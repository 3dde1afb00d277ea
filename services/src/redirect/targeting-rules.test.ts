import { describe, expect, it } from 'vitest';
import { browserMatches, conditionsHold, deviceMatches, languageMatches, matchingRule } from './targeting-rules.ts';

const profile = (os: string, device = 'desktop', browser = 'Chrome') => ({ os, device, browser });

/** A visit whose facts are given, and that says which of them a check asked for. */
function aVisit(facts: {
  now?: string;
  os?: string;
  device?: string;
  browser?: string;
  country?: string;
  languages?: string[];
  params?: Record<string, string>;
}) {
  const asked: string[] = [];
  return {
    asked,
    now: new Date(facts.now ?? '2026-11-28T10:00:00.000Z'),
    profile: () => (asked.push('profile'), profile(facts.os ?? 'Windows', facts.device, facts.browser)),
    country: () => (asked.push('country'), facts.country ?? ''),
    languages: () => (asked.push('languages'), facts.languages ?? []),
    param: (name: string) => (asked.push('param'), facts.params?.[name] ?? null),
  };
}

describe('device classes', () => {
  it.each([
    ['ios', profile('iOS', 'mobile'), profile('macOS')],
    ['android', profile('Android', 'tablet'), profile('Linux')],
    ['mobile', profile('iOS', 'tablet'), profile('Windows')],
    ['desktop', profile('Chrome OS'), profile('Android', 'mobile')],
    ['windows', profile('Windows'), profile('Windows Phone', 'mobile')],
    ['macos', profile('macOS'), profile('iOS', 'mobile')],
    ['linux', profile('Fedora'), profile('Android', 'mobile')],
  ] as const)('%s holds for its own and not for another', (device, own, other) => {
    expect(deviceMatches(device, own)).toBe(true);
    expect(deviceMatches(device, other)).toBe(false);
  });

  it('desktop is neither a phone, a tablet nor a console', () => {
    expect(deviceMatches('desktop', profile('PlayStation', 'other'))).toBe(false);
    expect(deviceMatches('mobile', profile('PlayStation', 'other'))).toBe(false);
  });
});

describe('browser families', () => {
  it('compare without case and name their mobile builds too', () => {
    expect(browserMatches('chrome', 'Chrome')).toBe(true);
    expect(browserMatches(' Safari ', 'Mobile Safari')).toBe(true);
    expect(browserMatches('mobile safari', 'Mobile Safari')).toBe(true);
    expect(browserMatches('mobile safari', 'Safari')).toBe(false);
    expect(browserMatches('chrome', 'Chrome Headless')).toBe(false);
    expect(browserMatches('edge', 'Chrome')).toBe(false);
  });
});

describe('languages', () => {
  it('match a primary tag among those accepted, whatever the region the rule names', () => {
    expect(languageMatches('hi', ['en', 'hi'])).toBe(true);
    expect(languageMatches('HI-IN', ['hi'])).toBe(true);
    expect(languageMatches('ta', ['en', 'hi'])).toBe(false);
  });
});

describe('a rule’s conditions', () => {
  it('all have to hold', () => {
    expect(conditionsHold({ device: 'ios', country: 'IN' }, aVisit({ os: 'iOS', device: 'mobile', country: 'IN' }))).toBe(true);
    expect(conditionsHold({ device: 'ios', country: 'IN' }, aVisit({ os: 'iOS', device: 'mobile', country: 'US' }))).toBe(false);
    expect(conditionsHold({ device: 'ios', country: 'IN' }, aVisit({ os: 'Android', device: 'mobile', country: 'IN' }))).toBe(false);
  });

  it('compare the country without case, and an unknown country matches none', () => {
    expect(conditionsHold({ country: 'in' }, aVisit({ country: 'IN' }))).toBe(true);
    expect(conditionsHold({ country: 'IN' }, aVisit({ country: '' }))).toBe(false);
  });

  it('hold a query parameter when it is present (even empty), and equal to the value when one is given', () => {
    expect(conditionsHold({ query: { param: 'ref' } }, aVisit({ params: { ref: '' } }))).toBe(true);
    expect(conditionsHold({ query: { param: 'ref', value: 'mail' } }, aVisit({ params: { ref: 'mail' } }))).toBe(true);
    expect(conditionsHold({ query: { param: 'ref', value: 'mail' } }, aVisit({ params: { ref: 'Mail' } }))).toBe(false);
    expect(conditionsHold({ query: { param: 'ref' } }, aVisit({ params: { other: 'x' } }))).toBe(false);
  });

  it('take "before" as strictly before and "after" as from that instant on', () => {
    const at = (now: string) => aVisit({ now });
    expect(conditionsHold({ before: '2026-12-01T00:00:00Z' }, at('2026-11-30T23:59:59.999Z'))).toBe(true);
    expect(conditionsHold({ before: '2026-12-01T00:00:00Z' }, at('2026-12-01T00:00:00.000Z'))).toBe(false);
    expect(conditionsHold({ after: '2026-12-01T00:00:00Z' }, at('2026-12-01T00:00:00.000Z'))).toBe(true);
    expect(conditionsHold({ after: '2026-12-01T00:00:00Z' }, at('2026-11-30T23:59:59.999Z'))).toBe(false);
    const window = { after: '2026-12-01T00:00:00Z', before: '2026-12-02T00:00:00Z' };
    expect(conditionsHold(window, at('2026-12-01T12:00:00Z'))).toBe(true);
    expect(conditionsHold(window, at('2026-12-02T12:00:00Z'))).toBe(false);
  });

  it('ask for the user agent only when a rule names a device or browser, and stop at the first that fails', () => {
    const visit = aVisit({ country: 'US' });
    expect(conditionsHold({ country: 'IN', device: 'ios', browser: 'safari' }, visit)).toBe(false);
    expect(visit.asked).toEqual(['country']);
    const timed = aVisit({});
    conditionsHold({ before: '2020-01-01T00:00:00Z', language: 'hi', query: { param: 'a' } }, timed);
    expect(timed.asked).toEqual([]);
  });
});

describe('the matching rule', () => {
  const rules = [
    { url: 'https://example.com/1', conditions: { country: 'IN', device: 'ios' as const } },
    { url: 'https://example.com/2', conditions: { device: 'ios' as const } },
    { url: 'https://example.com/3', conditions: { country: 'IN' } },
  ];

  it('is the first whose conditions all hold, 1-based, or 0', () => {
    expect(matchingRule(rules, aVisit({ os: 'iOS', device: 'mobile', country: 'IN' }))).toBe(1);
    expect(matchingRule(rules, aVisit({ os: 'iOS', device: 'mobile', country: 'US' }))).toBe(2);
    expect(matchingRule(rules, aVisit({ country: 'IN' }))).toBe(3);
    expect(matchingRule(rules, aVisit({ country: 'US' }))).toBe(0);
    expect(matchingRule([], aVisit({}))).toBe(0);
  });
});
