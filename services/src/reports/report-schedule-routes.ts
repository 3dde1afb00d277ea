import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CreateReportScheduleBody, ErrorBody, IdParams, MessageBody, ReportScheduleView, UpdateReportScheduleBody } from '@linkledger/contracts';
import { REPORT_SCHEDULES, WORKSPACES, type ReportScheduleDocument, type WorkspaceView } from '@linkledger/projections';
import { allocateId, metadataFor } from '../commands/command-context.ts';
import { handleCommand } from '../commands/command-handler.ts';
import { invalid } from '../commands/domain-error.ts';
import { commandContext } from '../http/command-context.ts';
import { routesFor } from '../http/declared-routes.ts';
import { workspaceDocument } from '../http/workspace-document.ts';
import type { Platform } from '../platform/platform.ts';
import { subjectLinks, type ReportSubject } from './report-figures.ts';
import { REPORTS_NOT_IN_PLAN } from './report-routes.ts';
import { SCHEDULE_NOT_FOUND, reportScheduleDecider } from './report-schedule-deciders.ts';

export const NOT_MEMBERS = 'Every recipient must be a member of this workspace.';

const scheduleView = ({ id, scope, subject_id, frequency, recipient_ids, created_at, last_sent }: ReportScheduleDocument): ReportScheduleView => ({
  id,
  scope,
  subject_id,
  frequency,
  recipient_ids,
  created_at,
  last_sent,
});

/** Recipients are members of the workspace now (and again at each sending). */
async function refuseNonMembers(platform: Pick<Platform, 'read'>, workspaceId: number, recipientIds: readonly number[]) {
  const workspace = await platform.read.get<WorkspaceView>(WORKSPACES, workspaceId);
  const members = new Set(workspace?.member_ids ?? []);
  if (recipientIds.some((id) => !members.has(id))) throw invalid(NOT_MEMBERS, 'recipient_ids');
}

/** The workspace's report schedules (docs/reports.md#schedules): its analysts see them, its owners and admins manage them. */
export async function reportScheduleRoutes(app: FastifyInstance, platform: Platform) {
  const feature = { key: 'pdf_reports', refusal: REPORTS_NOT_IN_PLAN } as const;
  const readers = routesFor(app, { access: 'user', workspace: 'analytics:read', feature });
  const managers = routesFor(app, { access: 'user', workspace: 'workspace:settings', feature });

  const scheduleOf = (workspaceId: number, id: number) =>
    workspaceDocument<ReportScheduleDocument>(platform.read, REPORT_SCHEDULES, workspaceId, id, SCHEDULE_NOT_FOUND);

  readers.get('/api/reports/schedules', {
    summary: 'The workspace’s scheduled reports, oldest first',
    response: { 200: z.array(ReportScheduleView) },
    handler: async ({ workspace }) => {
      const schedules = await platform.read.find<ReportScheduleDocument>(REPORT_SCHEDULES, { where: { workspace_id: workspace.id } });
      return schedules.sort((a, b) => a.id - b.id).map(scheduleView);
    },
  });

  managers.post('/api/reports/schedules', {
    summary: 'Mail a report of a link, a tag or the workspace every week or month to members of the workspace',
    body: CreateReportScheduleBody,
    response: { 201: ReportScheduleView, 404: ErrorBody },
    handler: async ({ request, reply, workspace }) => {
      const { scope, id, frequency, recipient_ids } = request.body;
      const subject: ReportSubject = scope === 'workspace' ? { scope } : { scope, id: id ?? 0 };
      await subjectLinks(platform, workspace.id, subject);
      await refuseNonMembers(platform, workspace.id, recipient_ids);
      const context = commandContext(platform, request);
      const scheduleId = await allocateId(platform.events, 'report_schedule', metadataFor(context));
      const subjectId = id ?? null;
      await handleCommand(platform, context, reportScheduleDecider, {
        kind: 'create',
        scheduleId,
        workspaceId: workspace.id,
        scope,
        subjectId,
        frequency,
        recipientIds: recipient_ids,
      });
      const created: ReportScheduleView = {
        id: scheduleId,
        scope,
        subject_id: subjectId,
        frequency,
        recipient_ids,
        created_at: context.now.toISOString(),
        last_sent: null,
      };
      return reply.code(201).send(created);
    },
  });

  managers.patch('/api/reports/schedules/:id', {
    summary: 'Change a scheduled report’s frequency or recipients',
    params: IdParams,
    body: UpdateReportScheduleBody,
    response: { 200: ReportScheduleView, 404: ErrorBody },
    handler: async ({ request, workspace }) => {
      const schedule = await scheduleOf(workspace.id, request.params.id);
      const { frequency, recipient_ids } = request.body;
      if (recipient_ids) await refuseNonMembers(platform, workspace.id, recipient_ids);
      await handleCommand(platform, commandContext(platform, request), reportScheduleDecider, {
        kind: 'change',
        scheduleId: schedule.id,
        workspaceId: workspace.id,
        frequency,
        recipientIds: recipient_ids,
      });
      return scheduleView({ ...schedule, ...(frequency ? { frequency } : {}), ...(recipient_ids ? { recipient_ids } : {}) });
    },
  });

  managers.delete('/api/reports/schedules/:id', {
    summary: 'Stop a scheduled report',
    params: IdParams,
    response: { 200: MessageBody, 404: ErrorBody },
    handler: async ({ request, workspace }) => {
      const schedule = await scheduleOf(workspace.id, request.params.id);
      await handleCommand(platform, commandContext(platform, request), reportScheduleDecider, {
        kind: 'delete',
        scheduleId: schedule.id,
        workspaceId: workspace.id,
      });
      return { message: 'Report schedule deleted' };
    },
  });
}
