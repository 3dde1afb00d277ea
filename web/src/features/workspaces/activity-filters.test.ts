import { describe, expect, it } from 'vitest';
import { activityApiQuery, activityFiltersFrom, activitySearch, withLiveEntry } from './activity-filters.ts';

describe('activity filters', () => {
  it('reads member and link ids from the address, ignoring what is not a positive whole number', () => {
    expect(activityFiltersFrom(new URLSearchParams('member=7&link=42'))).toEqual({ member: 7, link: 42 });
    expect(activityFiltersFrom(new URLSearchParams('member=0&link=-3'))).toEqual({ member: null, link: null });
    expect(activityFiltersFrom(new URLSearchParams('member=1.5&link=<b>1</b>'))).toEqual({ member: null, link: null });
    expect(activityFiltersFrom(new URLSearchParams('member=99999999999999999999'))).toEqual({ member: null, link: null });
    expect(activityFiltersFrom(new URLSearchParams(''))).toEqual({ member: null, link: null });
  });

  it('writes only the filters that are set', () => {
    expect(activitySearch({ member: null, link: null })).toBe('');
    expect(activitySearch({ member: 3, link: null })).toBe('?member=3');
    expect(activitySearch({ member: 3, link: 9 })).toBe('?member=3&link=9');
  });

  it('asks the API for older entries with the cursor beside the filters', () => {
    expect(activityApiQuery({ member: null, link: null }, null)).toBe('');
    expect(activityApiQuery({ member: null, link: 9 }, 120)).toBe('?link=9&before=120');
    expect(activityApiQuery({ member: 3, link: null }, null)).toBe('?member=3');
  });

  describe('a live entry (docs/workspaces.md#live-activity)', () => {
    type Entry = { position: number; type: string; actor: { kind: 'user' | 'api_key'; id: string; name: string } | null; link_id: number | null };
    const entry = (position: number, actor: string | null, link: number | null, type = 'LinkUpdated'): Entry => ({
      position,
      type,
      actor: actor === null ? null : { kind: 'user', id: actor, name: `user ${actor}` },
      link_id: link,
    });
    const page = { events: [entry(20, '3', 9), entry(10, '4', null)], older: null };
    const none = { member: null, link: null };

    it('goes on top of the newest page, once, newest first by its position', () => {
      expect(withLiveEntry(page, entry(30, '4', 7), none).events.map((e) => e.position)).toEqual([30, 20, 10]);
      expect(withLiveEntry(page, entry(20, '3', 9), none)).toBe(page);
      // Two entries arriving out of order still read newest first.
      const both = withLiveEntry(withLiveEntry(page, entry(32, '3', 9), none), entry(31, '3', 9), none);
      expect(both.events.map((e) => e.position)).toEqual([32, 31, 20, 10]);
    });

    it('is left out when the filters would leave it out of a page: another member, their API key, moderation, another link', () => {
      expect(withLiveEntry(page, entry(30, '4', 7), { member: 3, link: null })).toBe(page);
      expect(withLiveEntry(page, { ...entry(30, '3', 7), actor: { kind: 'api_key', id: '3', name: 'API key' } } as Entry, { member: 3, link: null })).toBe(
        page,
      );
      expect(withLiveEntry(page, entry(30, null, 9, 'LinkModerated'), { member: 3, link: null })).toBe(page);
      expect(withLiveEntry(page, entry(30, '3', 7), { member: null, link: 9 })).toBe(page);
      expect(withLiveEntry(page, entry(30, '3', 9), { member: 3, link: 9 }).events[0]!.position).toBe(30);
    });
  });
});
