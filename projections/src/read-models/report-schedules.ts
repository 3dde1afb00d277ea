import type { ReadModelHandlers } from './handlers.ts';

/** The workspaces' report schedules (docs/reports.md#schedules), one document per schedule. */
export const REPORT_SCHEDULES = 'report_schedules';

export interface ReportScheduleDocument {
  [key: string]: unknown;
  /** The schedule's id. */
  id: number;
  workspace_id: number;
  scope: 'link' | 'tag' | 'workspace';
  subject_id: number | null;
  frequency: 'weekly' | 'monthly';
  recipient_ids: number[];
  created_at: string;
  last_sent: { date_from: string; date_to: string; at: string } | null;
}

export const reportScheduleIndexes = { [REPORT_SCHEDULES]: [['workspace_id']] } as const;

export const reportScheduleHandlers: ReadModelHandlers = {
  ReportScheduleCreated({ schedule_id, workspace_id, scope, subject_id, frequency, recipient_ids }, recorded, tx) {
    const view: ReportScheduleDocument = {
      id: schedule_id,
      workspace_id,
      scope,
      subject_id,
      frequency,
      recipient_ids,
      created_at: recorded.metadata.at,
      last_sent: null,
    };
    tx.put(REPORT_SCHEDULES, view);
  },
  async ReportScheduleChanged({ schedule_id, frequency, recipient_ids }, _recorded, tx) {
    await tx.update<ReportScheduleDocument>(REPORT_SCHEDULES, schedule_id, (view) => ({
      ...view,
      ...(frequency ? { frequency } : {}),
      ...(recipient_ids ? { recipient_ids } : {}),
    }));
  },
  ReportScheduleDeleted({ schedule_id }, _recorded, tx) {
    tx.delete(REPORT_SCHEDULES, schedule_id);
  },
  async ScheduledReportSent({ schedule_id, date_from, date_to }, recorded, tx) {
    await tx.update<ReportScheduleDocument>(REPORT_SCHEDULES, schedule_id, (view) => ({
      ...view,
      last_sent: { date_from, date_to, at: recorded.metadata.at },
    }));
  },
};
