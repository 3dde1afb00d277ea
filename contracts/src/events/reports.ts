import { z } from 'zod';

const id = z.number().int().positive();
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const REPORT_FREQUENCIES = ['weekly', 'monthly'] as const;
export const REPORT_SCOPES = ['link', 'tag', 'workspace'] as const;

/**
 * An owner or admin asked for a report to be mailed every week or month (stream
 * `report-schedule-{schedule_id}`, docs/reports.md#schedules): of a link or tag (`subject_id`)
 * or the whole workspace (null), to these members.
 */
const ReportScheduleCreatedV1 = z.object({
  schedule_id: id,
  workspace_id: id,
  scope: z.enum(REPORT_SCOPES),
  subject_id: id.nullable(),
  frequency: z.enum(REPORT_FREQUENCIES),
  recipient_ids: z.array(id),
});

/** The schedule's frequency or recipients changed: the fields given are the new ones. */
const ReportScheduleChangedV1 = z.object({
  schedule_id: id,
  workspace_id: id,
  frequency: z.enum(REPORT_FREQUENCIES).optional(),
  recipient_ids: z.array(id).optional(),
});

const ReportScheduleDeletedV1 = z.object({ schedule_id: id, workspace_id: id });

/**
 * The report of one period is being mailed to these members (those still members when it was
 * due), recorded before the mail goes, so no period is sent twice.
 */
const ScheduledReportSentV1 = z.object({ schedule_id: id, workspace_id: id, date_from: isoDay, date_to: isoDay, recipient_ids: z.array(id) });

export const reportEvents = {
  ReportScheduleCreated: { 1: ReportScheduleCreatedV1 },
  ReportScheduleChanged: { 1: ReportScheduleChangedV1 },
  ReportScheduleDeleted: { 1: ReportScheduleDeletedV1 },
  ScheduledReportSent: { 1: ScheduledReportSentV1 },
} as const;
