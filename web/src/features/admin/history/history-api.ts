import type { EntityStateAt, EventPage, HistoryEvent, Timeline, TimelineEntry } from '@linkledger/contracts';
import { api } from '../../../api/client.ts';
import type { EntityRef } from './history-filters.ts';

// The history's calls (docs/admin.md#event-history), typed from the contracts (types only).
export type { EntityStateAt, EventPage, HistoryEvent, Timeline, TimelineEntry };

export const historyApi = {
  events: (query: Record<string, string | number>) => api<EventPage>('/admin/events', { query }),
  timeline: ({ kind, id }: EntityRef) => api<Timeline>(`/admin/entities/${kind}/${id}/timeline`),
  /** `at`: a position in the log, or an ISO time. */
  stateAt: ({ kind, id }: EntityRef, at: number | string) => api<EntityStateAt>(`/admin/entities/${kind}/${id}/state`, { query: { at } }),
};
