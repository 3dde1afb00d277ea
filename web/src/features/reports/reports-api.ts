import type { ReportScheduleView, ReportScope, WorkspaceMembers } from '@linkledger/contracts';
import type { z } from 'zod';
import { api, apiBlob } from '../../api/client.ts';
import type { LinkList } from '../../api/types.ts';

type ReportSchedule = ReportScheduleView;
export type Frequency = ReportSchedule['frequency'];

/** What a report covers and for which days (docs/reports.md). */
export interface ReportRequest {
  scope: ReportScope;
  id: number | null;
  dateFrom: string;
  dateTo: string;
}

/** The report calls (docs/reports.md). */
export const reportsApi = {
  pdf: ({ scope, id, dateFrom, dateTo }: ReportRequest) =>
    apiBlob('/reports/pdf', { query: { scope, id: scope === 'workspace' ? undefined : id, date_from: dateFrom || undefined, date_to: dateTo || undefined } }),
  schedules: () => api<ReportSchedule[]>('/reports/schedules'),
  createSchedule: (body: { scope: ReportScope; id?: number; frequency: Frequency; recipient_ids: number[] }) =>
    api<ReportSchedule>('/reports/schedules', { method: 'POST', body }),
  deleteSchedule: (id: number) => api<{ message: string }>(`/reports/schedules/${id}`, { method: 'DELETE' }),
  // What the scope pickers and the recipients list offer.
  links: () => api<LinkList>('/urls', { query: { limit: 100, sort_by: 'newest' } }),
  tags: () => api<{ id: number; name: string }[]>('/tags'),
  members: (workspaceId: number) => api<z.infer<typeof WorkspaceMembers>>(`/workspaces/${workspaceId}/members`),
};
