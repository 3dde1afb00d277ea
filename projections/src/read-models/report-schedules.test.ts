import type { DomainEvent } from '@linkledger/contracts';
import { describe, expect, it } from 'vitest';
import { loggedEvents } from '../testing/logged-events.ts';
import { projectReadModel } from '../testing/project-read-model.ts';
import { REPORT_SCHEDULES, type ReportScheduleDocument } from './report-schedules.ts';

const onSchedule = (id: number, event: DomainEvent) => ({ stream: `report-schedule-${id}`, event });

describe('the report schedules read model', () => {
  const history = loggedEvents([
    onSchedule(1, {
      type: 'ReportScheduleCreated',
      data: { schedule_id: 1, workspace_id: 3, scope: 'tag', subject_id: 9, frequency: 'weekly', recipient_ids: [1, 2] },
    }),
    onSchedule(2, {
      type: 'ReportScheduleCreated',
      data: { schedule_id: 2, workspace_id: 3, scope: 'workspace', subject_id: null, frequency: 'monthly', recipient_ids: [1] },
    }),
    onSchedule(1, { type: 'ReportScheduleChanged', data: { schedule_id: 1, workspace_id: 3, recipient_ids: [2] } }),
    onSchedule(1, {
      type: 'ScheduledReportSent',
      data: { schedule_id: 1, workspace_id: 3, date_from: '2026-11-02', date_to: '2026-11-08', recipient_ids: [2] },
    }),
    onSchedule(2, { type: 'ReportScheduleDeleted', data: { schedule_id: 2, workspace_id: 3 } }),
  ]);

  it('holds each live schedule with its changes and the last period sent', async () => {
    const store = await projectReadModel([history]);
    const schedules = await store.find<ReportScheduleDocument>(REPORT_SCHEDULES, { where: { workspace_id: 3 } });
    expect(schedules).toEqual([
      {
        id: 1,
        workspace_id: 3,
        scope: 'tag',
        subject_id: 9,
        frequency: 'weekly',
        recipient_ids: [2],
        created_at: expect.any(String),
        last_sent: { date_from: '2026-11-02', date_to: '2026-11-08', at: expect.any(String) },
      },
    ]);
  });
});
