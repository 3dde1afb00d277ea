import { z } from 'zod';
import { AnalyticsResponse, DAY_ORDER, inOrder, isoDay } from './links.ts';
import { REPORT_FREQUENCIES, REPORT_SCOPES } from '../events/reports.ts';

/** The days a report or an export covers (docs/reports.md#periods). */
const periodFields = {
  date_from: isoDay('date_from').optional().describe('First day (UTC) counted, YYYY-MM-DD (default: 29 days before date_to)'),
  date_to: isoDay('date_to').optional().describe('Last day (UTC) counted, YYYY-MM-DD (default: today)'),
};

const ANALYTICS_EXPORT_FORMATS = ['csv', 'json'] as const;

export const AnalyticsExportQuery = z
  .strictObject({
    format: z.enum(ANALYTICS_EXPORT_FORMATS, { message: 'format must be one of: csv, json' }).default('csv').describe('csv (the default) or json'),
    ...periodFields,
  })
  .refine(inOrder, DAY_ORDER);

/** A link's analytics for a period, every value of each breakdown (docs/reports.md#export). */
export const AnalyticsExport = z.object({
  link_id: z.number(),
  short_url: z.string(),
  title: z.string(),
  date_from: z.string().describe('First day counted, after the plan’s analytics retention bounded it'),
  date_to: z.string(),
  total_clicks: z.number().describe('Human clicks in the period'),
  unique_visitors: AnalyticsResponse.shape.unique_visitors,
  clicks_by_date: AnalyticsResponse.shape.clicks_by_date,
  referrers: AnalyticsResponse.shape.top_referrers,
  countries: AnalyticsResponse.shape.top_countries,
  devices: AnalyticsResponse.shape.devices,
  browsers: AnalyticsResponse.shape.browsers,
  operating_systems: AnalyticsResponse.shape.operating_systems,
  by_rule: AnalyticsResponse.shape.by_rule,
  by_variant: AnalyticsResponse.shape.by_variant,
});
export type AnalyticsExport = z.infer<typeof AnalyticsExport>;

export type ReportScope = (typeof REPORT_SCOPES)[number];

export const ReportQuery = z
  .strictObject({
    scope: z.enum(REPORT_SCOPES, { message: 'scope must be one of: link, tag, workspace' }).describe('What the report covers'),
    id: z.coerce.number().int().positive().optional().describe('The link’s or the tag’s id (not for scope=workspace)'),
    ...periodFields,
  })
  .refine(inOrder, DAY_ORDER)
  .refine((query) => (query.scope === 'workspace') === (query.id === undefined), {
    message: 'id names the link or tag of the report: give it for scope=link and scope=tag, not for scope=workspace',
    path: ['id'],
  });
export type ReportQuery = z.infer<typeof ReportQuery>;

const frequency = z
  .enum(REPORT_FREQUENCIES, { message: 'frequency must be one of: weekly, monthly' })
  .describe('weekly: each Monday, of the week before; monthly: on the 1st, of the month before');
const recipients = z
  .array(z.number().int().positive(), { message: 'recipient_ids must be a list of member ids' })
  .min(1, 'recipient_ids must name at least one member')
  .max(50, 'recipient_ids may name at most 50 members')
  .describe('Members of the workspace the report is mailed to (checked again at each sending)');

export const CreateReportScheduleBody = z
  .strictObject({
    scope: z.enum(REPORT_SCOPES, { message: 'scope must be one of: link, tag, workspace' }),
    id: z.number().int().positive().optional().describe('The link’s or the tag’s id (not for scope=workspace)'),
    frequency,
    recipient_ids: recipients,
  })
  .refine((body) => (body.scope === 'workspace') === (body.id === undefined), {
    message: 'id names the link or tag of the report: give it for scope=link and scope=tag, not for scope=workspace',
    path: ['id'],
  });

export const UpdateReportScheduleBody = z.strictObject({ frequency: frequency.optional(), recipient_ids: recipients.optional() });

export const ReportScheduleView = z.object({
  id: z.number(),
  scope: z.enum(REPORT_SCOPES),
  subject_id: z.number().nullable(),
  frequency: z.enum(REPORT_FREQUENCIES),
  recipient_ids: z.array(z.number()),
  created_at: z.string(),
  last_sent: z.object({ date_from: z.string(), date_to: z.string(), at: z.string() }).nullable().describe('The last period mailed, and when'),
});
export type ReportScheduleView = z.infer<typeof ReportScheduleView>;
