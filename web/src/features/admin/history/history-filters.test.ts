import { describe, expect, it } from 'vitest';
import { EventsQuery } from '@linkledger/contracts';
import {
  DEFAULT_LIMIT,
  NO_FILTERS,
  cursorFromParams,
  entityFromParam,
  entityOfStream,
  eventsQuery,
  filterErrors,
  filtersFromParams,
  isFiltered,
  isoToLocalInput,
  localInputToIso,
  paramsFor,
  tailFilter,
  timelineParams,
} from './history-filters.ts';

const params = (search: string) => new URLSearchParams(search);

describe('the browser’s filters in the address', () => {
  it('reads every filter and the page, and writes them back the same, the tab kept', () => {
    const search =
      'tab=history&category=link&stream=link-12&type=LinkUpdated%2CLinkDeleted&actor=5&correlation=req-1&from=2026-11-01T00%3A00%3A00.000Z&to=2026-11-02T00%3A00%3A00.000Z&clicks=1&limit=10&before=900';
    const filters = filtersFromParams(params(search));
    expect(filters).toEqual({
      category: 'link',
      stream: 'link-12',
      type: 'LinkUpdated,LinkDeleted',
      actor: '5',
      correlation: 'req-1',
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-11-02T00:00:00.000Z',
      includeClicks: true,
      limit: 10,
    });
    expect(cursorFromParams(params(search))).toEqual({ before: 900 });
    expect(paramsFor(params('tab=history'), filters, { before: 900 }).toString()).toBe(search);
  });

  it('leaves defaults out, drops the old page and a timeline, and counts malformed values as absent', () => {
    expect(paramsFor(params('tab=history&before=5&entity=link:1&at=9&actor=3'), { ...NO_FILTERS, actor: ' 7 ' }).toString()).toBe('tab=history&actor=7');
    expect(paramsFor(params('tab=history'), NO_FILTERS, { after: 40 }).toString()).toBe('tab=history&after=40');
    expect(filtersFromParams(params('from=yesterday&limit=5000&clicks=yes'))).toEqual(NO_FILTERS);
    expect(filtersFromParams(params('limit=0')).limit).toBe(DEFAULT_LIMIT);
    expect(cursorFromParams(params('before=-3&after=x'))).toBeNull();
    expect(cursorFromParams(params('after=12'))).toEqual({ after: 12 });
  });

  it('builds the API query and the live tail’s filter; the system category is its one stream', () => {
    const filters = { ...NO_FILTERS, category: 'link', type: 'LinkUpdated, LinkDeleted', actor: '5', from: '2026-11-01T00:00:00.000Z', limit: 25 };
    expect(eventsQuery(filters, { after: 7 })).toEqual({
      category: 'link',
      type: 'LinkUpdated,LinkDeleted',
      actor: '5',
      from: '2026-11-01T00:00:00.000Z',
      limit: 25,
      after: 7,
    });
    expect(eventsQuery(NO_FILTERS, null)).toEqual({ limit: DEFAULT_LIMIT });
    // The API refuses a parameter it does not know: the browser sends none.
    expect(EventsQuery.safeParse({ ...eventsQuery({ ...filters, includeClicks: true }, { before: 9 }) }).error).toBeUndefined();
    expect(tailFilter({ ...filters, includeClicks: true })).toEqual({ category: 'link', type: 'LinkUpdated,LinkDeleted', actor: '5', include_clicks: 'true' });
    expect(tailFilter({ ...NO_FILTERS, category: 'system' })).toEqual({ stream: 'system' });
    expect(tailFilter({ ...NO_FILTERS, category: 'system', stream: 'user-3' })).toEqual({ stream: 'user-3' });
  });

  it('refuses a malformed type list and a range that ends before it starts', () => {
    expect(filterErrors({ ...NO_FILTERS, type: 'LinkUpdated,LinkDeleted' })).toEqual({});
    expect(filterErrors({ ...NO_FILTERS, type: 'Link Updated;' }).type).toMatch(/separated by commas/);
    expect(filterErrors({ ...NO_FILTERS, from: '2026-11-02T00:00:00Z', to: '2026-11-01T00:00:00Z' }).to).toMatch(/after the start/);
  });

  it('says whether anything narrows the list (the page size does not)', () => {
    expect(isFiltered(NO_FILTERS)).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, limit: 10 })).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, includeClicks: true })).toBe(true);
  });
});

describe('entities', () => {
  it('knows an entity’s stream and the timeline’s parameter', () => {
    expect(entityOfStream('link-12')).toEqual({ kind: 'link', id: 12 });
    expect(entityOfStream('subscription-3')).toEqual({ kind: 'subscription', id: 3 });
    expect(entityOfStream('user-0')).toBeNull();
    expect(entityOfStream('clicks-12')).toBeNull();
    expect(entityOfStream('link-12-x')).toBeNull();
    expect(entityOfStream('link:12')).toBeNull();
    expect(entityFromParam('user:7')).toEqual({ kind: 'user', id: 7 });
    expect(entityFromParam('planet:7')).toBeNull();
    expect(entityFromParam(null)).toBeNull();
  });

  it('opens a timeline with the tab kept and the browser’s filters dropped', () => {
    expect(timelineParams(params('tab=history&actor=5&before=80'), { kind: 'link', id: 12 }).toString()).toBe('tab=history&entity=link%3A12');
  });
});

describe('times', () => {
  it('round-trips an ISO time through a datetime-local value in the viewer’s zone', () => {
    const iso = '2026-11-23T09:15:30.000Z';
    const local = isoToLocalInput(iso);
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(localInputToIso(local)).toBe(iso);
    expect(localInputToIso('2026-11-23T09:15')).toBe(new Date(2026, 10, 23, 9, 15).toISOString());
  });

  it('gives nothing for empty or malformed values', () => {
    expect(localInputToIso('')).toBe('');
    expect(localInputToIso('next tuesday')).toBe('');
    expect(isoToLocalInput('not a time')).toBe('');
  });
});
