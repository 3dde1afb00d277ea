import type { DomainEvent, ReportScope } from '@linkledger/contracts';
import type { Decider } from '../commands/command-handler.ts';
import { notFound } from '../commands/domain-error.ts';

type Frequency = 'weekly' | 'monthly';

/** One schedule, folded from its `report-schedule-{id}` stream (docs/reports.md#schedules). */
interface ReportScheduleState {
  workspaceId: number | null;
  deleted: boolean;
  /** The first day of the last period recorded as sent. */
  lastSentFrom: string | null;
}

const noSchedule: ReportScheduleState = { workspaceId: null, deleted: false, lastSentFrom: null };

export const SCHEDULE_NOT_FOUND = 'There is no such report schedule in this workspace.';

type ReportScheduleCommand =
  | { kind: 'create'; scheduleId: number; workspaceId: number; scope: ReportScope; subjectId: number | null; frequency: Frequency; recipientIds: number[] }
  | { kind: 'change'; scheduleId: number; workspaceId: number; frequency?: Frequency | undefined; recipientIds?: number[] | undefined }
  | { kind: 'delete'; scheduleId: number; workspaceId: number }
  | { kind: 'record_sent'; scheduleId: number; workspaceId: number; from: string; to: string; recipientIds: number[] };

function evolveReportSchedule(state: ReportScheduleState, event: DomainEvent): ReportScheduleState {
  switch (event.type) {
    case 'ReportScheduleCreated':
      return { ...state, workspaceId: event.data.workspace_id };
    case 'ReportScheduleDeleted':
      return { ...state, deleted: true };
    case 'ScheduledReportSent':
      return { ...state, lastSentFrom: event.data.date_from };
    default:
      return state;
  }
}

/**
 * A workspace's report schedules: created, changed and deleted by its owners and admins, and the
 * sending of each period recorded once — a period already recorded, or a schedule deleted
 * meanwhile, records nothing, so a second round or a restart sends nothing more.
 */
export const reportScheduleDecider: Decider<ReportScheduleCommand, ReportScheduleState> = {
  streamOf: (command) => `report-schedule-${command.scheduleId}`,
  initialState: noSchedule,
  evolve: evolveReportSchedule,
  decide: (command, state) => {
    const schedule_id = command.scheduleId;
    const workspace_id = command.workspaceId;
    if (command.kind === 'create') {
      return [
        {
          type: 'ReportScheduleCreated',
          data: {
            schedule_id,
            workspace_id,
            scope: command.scope,
            subject_id: command.subjectId,
            frequency: command.frequency,
            recipient_ids: command.recipientIds,
          },
        },
      ];
    }
    const live = state.workspaceId === command.workspaceId && !state.deleted;
    if (command.kind === 'record_sent') {
      if (!live || (state.lastSentFrom !== null && state.lastSentFrom >= command.from)) return [];
      return [
        { type: 'ScheduledReportSent', data: { schedule_id, workspace_id, date_from: command.from, date_to: command.to, recipient_ids: command.recipientIds } },
      ];
    }
    if (!live) throw notFound(SCHEDULE_NOT_FOUND);
    if (command.kind === 'delete') return [{ type: 'ReportScheduleDeleted', data: { schedule_id, workspace_id } }];
    return [
      {
        type: 'ReportScheduleChanged',
        data: {
          schedule_id,
          workspace_id,
          ...(command.frequency ? { frequency: command.frequency } : {}),
          ...(command.recipientIds ? { recipient_ids: command.recipientIds } : {}),
        },
      },
    ];
  },
};
