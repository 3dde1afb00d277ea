import { describe, expect, it } from 'vitest';
import type { DomainEvent, RecordedEvent } from '@linkledger/contracts';
import { recorded } from '../testing/recorded.ts';
import { viewsOf } from './bio-page-views.ts';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const view = (visitor: string, userAgent = PHONE): DomainEvent => ({
  type: 'BioPageViewed',
  data: { page_id: 5, workspace_id: 40, country: 'IN', user_agent: userAgent, referrer: '', visitor_hash: visitor },
});
/** Views as the page's stream holds them, each at its own time. */
const viewsAt = (views: [string, DomainEvent][]): RecordedEvent[] =>
  recorded(
    views.map(([, event]) => event),
    'bio-views-5',
  ).map((event, index) => ({ ...event, metadata: { ...event.metadata, at: views[index]![0] } }));

describe('a page’s views (docs/pages.md#link-in-bio-pages)', () => {
  const stream = viewsAt([
    ['2026-06-01T10:00:00.000Z', view('a')],
    ['2026-11-20T09:00:00.000Z', view('a')],
    ['2026-11-20T18:00:00.000Z', view('b')],
    ['2026-11-21T08:00:00.000Z', view('b')],
    ['2026-11-21T08:05:00.000Z', view('c', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')],
  ]);
  const events = { readStream: async () => stream } as never;

  it('counts human views per day and by visitor, bots never', async () => {
    expect(await viewsOf({ events }, 5, null)).toEqual({
      total_views: 4,
      unique_visitors: 2,
      views_by_date: [
        { date: '2026-06-01', views: 1 },
        { date: '2026-11-20', views: 2 },
        { date: '2026-11-21', views: 1 },
      ],
    });
  });

  it('shows nothing older than the plan’s retention: the views stay in the log', async () => {
    expect(await viewsOf({ events }, 5, new Date('2026-11-20T12:00:00.000Z'))).toEqual({
      total_views: 2,
      unique_visitors: 1,
      views_by_date: [
        { date: '2026-11-20', views: 1 },
        { date: '2026-11-21', views: 1 },
      ],
    });
  });
});
