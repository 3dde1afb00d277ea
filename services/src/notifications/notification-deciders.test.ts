import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@linkledger/contracts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { changePreferencesDecider, moderationNoticeDecider, usageWarningDecider, weeklySummaryDecider } from './notification-deciders.ts';
import { isoWeek, usageThreshold, weekBefore } from './notification-state.ts';

const USER = 7;
const preferences = deciderSpec(changePreferencesDecider);
const switched = (weekly_summary: boolean, usage_warnings: boolean, moderation_notices: boolean): DomainEvent => ({
  type: 'NotificationPreferencesChanged',
  data: { user_id: USER, weekly_summary, usage_warnings, moderation_notices },
});
const allOff = switched(false, false, false);

describe('notification switches', () => {
  it('given nothing saved, when all stay on, then nothing is recorded (all on is the default)', () => {
    expect(
      changePreferencesDecider.decide(
        { userId: USER, preferences: { weekly_summary: true, usage_warnings: true, moderation_notices: true } },
        preferences.given([]).state,
      ),
    ).toEqual([]);
  });

  it('given all on, when one is switched off, then the three switches are recorded', () => {
    const events = changePreferencesDecider.decide(
      { userId: USER, preferences: { weekly_summary: false, usage_warnings: true, moderation_notices: true } },
      preferences.given([]).state,
    );
    expect(events).toEqual([switched(false, true, true)]);
  });

  it('given expired-link notices on, when switched off with the others unchanged, then only that switch is recorded; saved again, nothing', () => {
    const allOn = { weekly_summary: true, usage_warnings: true, moderation_notices: true };
    const off: DomainEvent = { type: 'LinkExpiryNoticesSwitched', data: { user_id: USER, expiry_notices: false } };
    expect(changePreferencesDecider.decide({ userId: USER, preferences: allOn, expiryNotices: false }, preferences.given([]).state)).toEqual([off]);
    expect(changePreferencesDecider.decide({ userId: USER, preferences: allOn, expiryNotices: false }, preferences.given([off]).state)).toEqual([]);
    expect(changePreferencesDecider.decide({ userId: USER, preferences: allOn }, preferences.given([off]).state)).toEqual([]);
  });

  it('given a switch off, when the same is saved again, then nothing more is recorded', () => {
    expect(
      changePreferencesDecider.decide(
        { userId: USER, preferences: { weekly_summary: false, usage_warnings: true, moderation_notices: true } },
        preferences.given([switched(false, true, true)]).state,
      ),
    ).toEqual([]);
  });
});

describe('weekly summary', () => {
  it('given it is on, when the week is summarised, then that is recorded once', () => {
    const first = weeklySummaryDecider.decide({ userId: USER, week: '2026-W07' }, preferences.given([]).state);
    expect(first).toEqual([{ type: 'WeeklySummarySent', data: { user_id: USER, week: '2026-W07' } }]);
    expect(weeklySummaryDecider.decide({ userId: USER, week: '2026-W07' }, preferences.given(first).state)).toEqual([]);
    expect(weeklySummaryDecider.decide({ userId: USER, week: '2026-W08' }, preferences.given(first).state)).toHaveLength(1);
  });

  it('given it is switched off, then nothing is recorded', () => {
    expect(weeklySummaryDecider.decide({ userId: USER, week: '2026-W07' }, preferences.given([allOff]).state)).toEqual([]);
  });
});

describe('usage warnings', () => {
  const warn = (threshold: 80 | 100, month = '2026-02') => ({ userId: USER, month, threshold });

  it('given none sent this month, when 80 % is reached, then the 80 % warning is recorded, once', () => {
    const first = usageWarningDecider.decide(warn(80), preferences.given([]).state);
    expect(first).toEqual([{ type: 'UsageWarningSent', data: { user_id: USER, month: '2026-02', threshold: 80 } }]);
    expect(usageWarningDecider.decide(warn(80), preferences.given(first).state)).toEqual([]);
  });

  it('given the 80 % warning sent, when 100 % is reached, then that one is recorded too; next month starts afresh', () => {
    const eighty = usageWarningDecider.decide(warn(80), preferences.given([]).state);
    const hundred = usageWarningDecider.decide(warn(100), preferences.given(eighty).state);
    expect(hundred).toEqual([{ type: 'UsageWarningSent', data: { user_id: USER, month: '2026-02', threshold: 100 } }]);
    expect(usageWarningDecider.decide(warn(100), preferences.given([...eighty, ...hundred]).state)).toEqual([]);
    expect(usageWarningDecider.decide(warn(80, '2026-03'), preferences.given([...eighty, ...hundred]).state)).toHaveLength(1);
  });

  it('given 100 % warned, then a late 80 % warning is moot', () => {
    expect(usageWarningDecider.decide(warn(80), preferences.given(usageWarningDecider.decide(warn(100), preferences.given([]).state)).state)).toEqual([]);
  });

  it('given warnings switched off, then nothing is recorded', () => {
    expect(usageWarningDecider.decide(warn(100), preferences.given([switched(true, false, true)]).state)).toEqual([]);
  });

  it('thresholds: 80 % and 100 % of the limit; unlimited and zero limits never warn', () => {
    expect([usageThreshold(7, 10), usageThreshold(8, 10), usageThreshold(9, 10), usageThreshold(10, 10), usageThreshold(12, 10)]).toEqual([
      0, 80, 80, 100, 100,
    ]);
    expect([usageThreshold(799, 1000), usageThreshold(800, 1000)]).toEqual([0, 80]);
    expect([usageThreshold(5000, -1), usageThreshold(3, 0)]).toEqual([0, 0]);
  });
});

describe('moderation notices', () => {
  const notice = (position: number) => ({ userId: USER, linkId: 3, moderationPosition: position });

  it('given on, when a disabling is told, then it is recorded once; a later disabling is told again', () => {
    const first = moderationNoticeDecider.decide(notice(40), preferences.given([]).state);
    expect(first).toEqual([{ type: 'ModerationNoticeSent', data: { user_id: USER, link_id: 3, moderation_position: 40 } }]);
    expect(moderationNoticeDecider.decide(notice(40), preferences.given(first).state)).toEqual([]);
    expect(moderationNoticeDecider.decide(notice(90), preferences.given(first).state)).toHaveLength(1);
  });

  it('given switched off, then nothing is recorded', () => {
    expect(moderationNoticeDecider.decide(notice(40), preferences.given([switched(true, true, false)]).state)).toEqual([]);
  });
});

describe('weeks', () => {
  it('names ISO weeks, across a year end too', () => {
    expect(isoWeek(new Date('2026-02-16T00:00:00Z'))).toBe('2026-W08');
    expect(isoWeek(new Date('2026-02-15T23:59:59Z'))).toBe('2026-W07');
    expect(isoWeek(new Date('2021-01-03T12:00:00Z'))).toBe('2020-W53');
    expect(isoWeek(new Date('2024-12-30T12:00:00Z'))).toBe('2025-W01');
  });

  it('the week before a Monday, or any day of the week after it, is Monday to Sunday before', () => {
    expect(weekBefore(new Date('2026-02-16T00:05:00Z'))).toEqual({ week: '2026-W07', monday: '2026-02-09', sunday: '2026-02-15' });
    expect(weekBefore(new Date('2026-02-22T23:00:00Z'))).toEqual({ week: '2026-W07', monday: '2026-02-09', sunday: '2026-02-15' });
  });
});
