import type { AnalyticsStore, EventStore, ReadStore } from '@linkledger/contracts';
import { REPORT_SCHEDULES, USERS, WORKSPACES, type ReportScheduleDocument, type UserView, type WorkspaceView } from '@linkledger/projections';
import { currentPlan } from '../billing/index.ts';
import { handleCommand } from '../commands/command-handler.ts';
import { DomainError } from '../commands/domain-error.ts';
import { mailableAddress } from '../domains/index.ts';
import { mailBases } from '../mail/mail-bases.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Config } from '../platform/config.ts';
import type { ReadModelProgress } from '../platform/platform.ts';
import { RoundsScheduler, type RoundSteps } from '../platform/scheduled-rounds.ts';
import { reportFigures, type ReportSubject } from './report-figures.ts';
import { reportPeriod } from './report-period.ts';
import { renderReportPdf } from './report-pdf.ts';
import { reportScheduleDecider } from './report-schedule-deciders.ts';
import { endedAfter, lastWholePeriod } from './schedule-periods.ts';
import { scheduledReportMail } from './scheduled-report-mail.ts';

interface Deps {
  events: EventStore;
  read: ReadStore;
  analytics: AnalyticsStore;
  readModel: ReadModelProgress;
  mailer: Mailer;
  config: Pick<Config, 'PUBLIC_URL' | 'ALLOWED_ORIGINS'>;
  clock: () => Date;
}

/** Reports fall due at midnight UTC on a Monday or a 1st: looking every quarter hour sends them soon after. */
const TICK_MS = 15 * 60_000;

/**
 * Mails each scheduled report once per period (docs/reports.md#schedules): for every schedule whose
 * last whole week or month is not sent yet, the report is built, its sending recorded on the
 * schedule's stream (the decider records a period once: a second round, a restart or a second
 * process sends nothing more), then mailed with the PDF to each recipient who is still a member
 * of the workspace with an address that may be written to, while the workspace's plan has PDF
 * reports. Recording comes first: a crash between the record and the mail loses that mail
 * rather than sending it twice.
 */
export class ReportScheduler extends RoundsScheduler {
  constructor(
    private readonly deps: Deps,
    private readonly log: { error(error: unknown, message: string): void },
  ) {
    super(deps, log, 'report-scheduler', { name: 'the report scheduler', prompting: [], following: 'report schedules', tickMs: TICK_MS });
  }

  protected steps(): RoundSteps {
    return [['send scheduled reports', () => this.sendDue(this.deps.clock())]];
  }

  private async sendDue(now: Date): Promise<void> {
    const schedules = await this.deps.read.find<ReportScheduleDocument>(REPORT_SCHEDULES, {});
    for (const schedule of schedules) {
      const period = lastWholePeriod(schedule.frequency, now);
      if ((schedule.last_sent && schedule.last_sent.date_from >= period.from) || !endedAfter(period, schedule.created_at)) continue;
      try {
        await this.send(schedule, period, now);
      } catch (error) {
        this.log.error(error, `The report scheduler could not send the report of schedule ${schedule.id}; it tries again at the next tick`);
      }
    }
  }

  private async send(schedule: ReportScheduleDocument, due: { from: string; to: string }, now: Date): Promise<void> {
    const workspace = await this.deps.read.get<WorkspaceView>(WORKSPACES, schedule.workspace_id);
    if (!workspace || workspace.deleted) return;
    // The plan is checked at each sending: a workspace that left a plan with PDF reports gets none.
    const { plan } = await currentPlan({ read: this.deps.read, clock: () => now }, schedule.workspace_id);
    if (!plan.features.includes('pdf_reports')) return;
    // Members only, as they are now: someone who left no longer gets the workspace's figures.
    const members = new Set(workspace.member_ids);
    const users = await this.deps.read.getMany<UserView>(
      USERS,
      schedule.recipient_ids.filter((id) => members.has(id)),
    );
    const recipients = [...users.values()].flatMap((user) => {
      const to = mailableAddress(user);
      return to ? [{ userId: user.id, to }] : [];
    });
    if (recipients.length === 0) return;
    const platform = { read: this.deps.read, analytics: this.deps.analytics, clock: () => now };
    const subject: ReportSubject = schedule.scope === 'workspace' ? { scope: 'workspace' } : { scope: schedule.scope, id: schedule.subject_id ?? 0 };
    let figures;
    try {
      const period = await reportPeriod(platform, schedule.workspace_id, { date_from: due.from, date_to: due.to });
      figures = await reportFigures(platform, schedule.workspace_id, subject, period, { base: (await mailBases(this.deps.events, this.deps.config)).short });
    } catch (error) {
      // The link or tag was deleted, or the plan no longer shows that period: nothing to send.
      if (error instanceof DomainError) return;
      throw error;
    }
    const pdf = await renderReportPdf(figures);
    const recorded = await handleCommand(this.commands, this.context(now), reportScheduleDecider, {
      kind: 'record_sent',
      scheduleId: schedule.id,
      workspaceId: schedule.workspace_id,
      from: due.from,
      to: due.to,
      recipientIds: recipients.map((recipient) => recipient.userId),
    });
    if (recorded.events.length === 0) return;
    for (const { to } of recipients) {
      await this.deps.mailer.send(scheduledReportMail(to, figures, schedule.frequency, pdf)).catch((error: unknown) => {
        this.log.error(error, `The report scheduler could not mail the report of schedule ${schedule.id}`);
      });
    }
  }
}
