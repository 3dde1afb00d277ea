import { describe, it } from 'vitest';
import type { DomainEvent } from '@linkledger/contracts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { SCHEDULE_NOT_FOUND, reportScheduleDecider } from './report-schedule-deciders.ts';

const schedules = deciderSpec(reportScheduleDecider);
const created: DomainEvent = {
  type: 'ReportScheduleCreated',
  data: { schedule_id: 4, workspace_id: 7, scope: 'workspace', subject_id: null, frequency: 'weekly', recipient_ids: [7] },
};
const sentWeek46: DomainEvent = {
  type: 'ScheduledReportSent',
  data: { schedule_id: 4, workspace_id: 7, date_from: '2026-11-09', date_to: '2026-11-15', recipient_ids: [7] },
};
const week = (from: string, to: string) => ({ kind: 'record_sent' as const, scheduleId: 4, workspaceId: 7, from, to, recipientIds: [7] });

describe('reportScheduleDecider', () => {
  it('given a schedule, when a period is due, then its sending is recorded once, and never again for that period or an earlier one', () => {
    schedules.given([created]).when(week('2026-11-09', '2026-11-15')).then([sentWeek46]);
    schedules.given([created, sentWeek46]).when(week('2026-11-09', '2026-11-15')).then([]);
    schedules.given([created, sentWeek46]).when(week('2026-11-02', '2026-11-08')).then([]);
    schedules
      .given([created, sentWeek46])
      .when(week('2026-11-16', '2026-11-22'))
      .then([{ type: 'ScheduledReportSent', data: { schedule_id: 4, workspace_id: 7, date_from: '2026-11-16', date_to: '2026-11-22', recipient_ids: [7] } }]);
  });

  it('given a deleted schedule, when a period is due, then nothing is sent; changing it is refused as not found', () => {
    const deleted: DomainEvent = { type: 'ReportScheduleDeleted', data: { schedule_id: 4, workspace_id: 7 } };
    schedules.given([created, deleted]).when(week('2026-11-09', '2026-11-15')).then([]);
    schedules.given([created, deleted]).when({ kind: 'delete', scheduleId: 4, workspaceId: 7 }).thenThrows(SCHEDULE_NOT_FOUND);
  });

  it('given a schedule of another workspace, when someone changes it, then it is not found', () => {
    schedules.given([created]).when({ kind: 'change', scheduleId: 4, workspaceId: 8, frequency: 'monthly' }).thenThrows(SCHEDULE_NOT_FOUND);
    schedules
      .given([created])
      .when({ kind: 'change', scheduleId: 4, workspaceId: 7, frequency: 'monthly' })
      .then([{ type: 'ReportScheduleChanged', data: { schedule_id: 4, workspace_id: 7, frequency: 'monthly' } }]);
  });
});
