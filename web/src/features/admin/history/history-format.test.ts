import { describe, expect, it } from 'vitest';
import { actorLabel, isFilterableActor, prettyJson, timeLabel, valueText } from './history-format.ts';

describe('history formats', () => {
  it('names actors, and never a visitor’s (redacted) id', () => {
    expect(actorLabel({ kind: 'user', id: '5' })).toBe('User 5');
    expect(actorLabel({ kind: 'api_key', id: '3' })).toBe('API key 3');
    expect(actorLabel({ kind: 'system', id: 'mailer' })).toBe('System mailer');
    expect(actorLabel({ kind: 'visitor', id: '[redacted]' })).toBe('Visitor');
    expect(isFilterableActor({ kind: 'visitor', id: '[redacted]' })).toBe(false);
    expect(isFilterableActor({ kind: 'api_key', id: '3' })).toBe(true);
  });

  it('writes values as text, markup included as it is', () => {
    expect(valueText('<img src=x onerror=alert(1)>')).toBe('<img src=x onerror=alert(1)>');
    expect([valueText(undefined), valueText(null), valueText(''), valueText(true), valueText(3), valueText({ a: [1] })]).toEqual([
      '(not set)',
      '(none)',
      '(empty)',
      'true',
      '3',
      '{"a":[1]}',
    ]);
    expect(prettyJson({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(prettyJson(undefined)).toBe('undefined');
  });

  it('shows a time to the second, and an unreadable one as it came', () => {
    expect(timeLabel('2026-11-02T09:00:05.000Z')).toMatch(/2026.*\d{2}:\d{2}:05/);
    expect(timeLabel('soon')).toBe('soon');
  });
});
