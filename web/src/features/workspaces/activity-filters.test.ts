import { describe, expect, it } from 'vitest';
import { activityApiQuery, activityFiltersFrom, activitySearch } from './activity-filters.ts';

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
});
