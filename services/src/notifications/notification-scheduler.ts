import { RoundsScheduler, type RoundSteps } from '../platform/scheduled-rounds.ts';
import { type AnalyticsStore, type EventStore, type ReadStore } from '@linkledger/contracts';
import {
  DOMAIN_DROP_NOTICES_DUE,
  LINKS,
  LINK_TOTALS,
  MODERATION_NOTICES_DUE,
  MONTHLY_USAGE,
  NOTIFICATION_SETTINGS,
  USERS,
  WORKSPACES,
  defaultNotificationSettings,
  type DomainDropNoticeDueView,
  type LinkTotalsView,
  type LinkView,
  type ModerationNoticeDueView,
  type MonthlyUsageView,
  type NotificationSettingsView,
  type UserView,
  type WorkspaceView,
} from '@linkledger/projections';
import { handleCommand, type Decider } from '../commands/command-handler.ts';
import { loadStream } from '../commands/command-context.ts';
import { currentPlan } from '../billing/index.ts';
import type { LinkLimitSource } from '../billing/index.ts';
import { claimDroppedMail, domainNoticeRecipients, dropNoticeDecider, mailableAddress } from '../domains/index.ts';
import { mailBases } from '../mail/mail-bases.ts';
import { LinkExpiryNotices } from './link-expiry-notices.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { shortUrl } from '../links/index.ts';
import type { Config } from '../platform/config.ts';
import type { ReadModelProgress } from '../platform/platform.ts';
import { moderationNoticeDecider, usageWarningDecider, weeklySummaryDecider } from './notification-deciders.ts';
import { moderationNoticeMail, usageWarningMail, weeklySummaryMail } from './notification-mail.ts';
import { noticeDue, summaryDue, usageMonth, usageThreshold, warningDue, weekBefore } from './notification-state.ts';

interface Deps {
  events: EventStore;
  read: ReadStore;
  analytics: AnalyticsStore;
  /** The read model the due work is found in. */
  readModel: ReadModelProgress;
  /** The analytics projector: a summary counts the clicks it has stored. */
  analyticsProgress: ReadModelProgress;
  mailer: Mailer;
  config: Pick<Config, 'PUBLIC_URL' | 'ALLOWED_ORIGINS'>;
  clock: () => Date;
}

interface Log {
  error(error: unknown, message: string): void;
}

/** How often due work is looked for when nothing in the log calls for it sooner. */
const TICK_MS = 30_000;
/** A disabling or a dropped claim is told about for this long; older ones (before the feature, or while it was off) are history. */
const NOTICE_WINDOW_MS = 7 * 86_400_000;
/** How long a round waits for the analytics projector before leaving the summaries to the next one. */
const ANALYTICS_WAIT_MS = 10_000;
/** Events after which a notice may be due: acted on at once, not at the next tick. */
const PROMPTING = ['LinkModerated', 'CustomDomainClaimDropped', 'LinkExpired'] as const;

/**
 * The notification e-mails (docs/notifications.md): Monday's weekly summary, usage warnings
 * at 80 % and 100 % of the monthly link limit, notices of links disabled by an admin or expired
 * (those owed through the owed-mail path, `LinkExpiryNotices`), and the
 * service notice of a dropped domain claim (docs/domains.md#the-notice-of-a-dropped-claim).
 * What is due is read from the read models the log builds; each e-mail is recorded by a
 * command on the user's `notifications-{id}` stream (a dropped claim's notice on the claim's
 * `domain-{id}`), decided on the stream itself, so it goes once however often a tick, a
 * restart or a second process finds it due. Mail goes first and is recorded after: a failed
 * send is tried again at the next tick; only a crash between the two can send one twice.
 */
export class NotificationScheduler extends RoundsScheduler {
  /** The week whose summaries have all been dealt with: later rounds that week skip the scan. */
  private summarisedWeek: string | null = null;
  /** Messages handed to the transport whose notice is not recorded yet (its stream and recipient). */
  private readonly handedOver = new Set<string>();
  private readonly expiryNotices: LinkExpiryNotices;

  constructor(
    private readonly deps: Deps,
    private readonly log: Log,
  ) {
    super(deps, log, 'notification-scheduler', {
      name: 'the notification scheduler',
      prompting: PROMPTING,
      following: 'moderation, dropped domain claims and expired links',
      tickMs: TICK_MS,
    });
    this.expiryNotices = new LinkExpiryNotices(deps);
  }

  protected steps(): RoundSteps {
    const now = this.deps.clock();
    return [
      ['send moderation notices', () => this.sendModerationNotices(now)],
      ['owe notices of expired links', () => this.expiryNotices.oweDue(now)],
      ['send dropped-claim notices', () => this.sendDropNotices(now)],
      ['send usage warnings', () => this.sendUsageWarnings(now)],
      ['send weekly summaries', () => this.sendWeeklySummaries(now)],
    ];
  }

  /** Where e-mailed links lead (`mailBases`). */
  private bases(): Promise<{ app: string | null; short: string }> {
    return mailBases(this.deps.events, this.deps.config);
  }

  /** The user's address if they may be written to (`mailableAddress`), as the one recipient of their own mail. */
  private async recipient(userId: number): Promise<string[]> {
    const to = mailableAddress(await this.deps.read.get<UserView>(USERS, userId));
    return to ? [to] : [];
  }

  private async settingsOf(userIds: readonly number[]): Promise<Map<number, NotificationSettingsView>> {
    const found = await this.deps.read.getMany<NotificationSettingsView>(NOTIFICATION_SETTINGS, userIds);
    return new Map(userIds.map((id) => [id, found.get(String(id)) ?? defaultNotificationSettings(id)]));
  }

  /**
   * Sends one e-mail (to the user, or to each of `recipients`) if the stream the decider records
   * it on still says it is due, then records it. A failure is logged and left for the next tick,
   * without holding up the other users' mail.
   */
  private async sendOnce<C extends { userId: number }, S>(
    what: string,
    decider: Decider<C, S>,
    command: C,
    due: (state: S) => boolean,
    compose: (to: string, state: S) => Promise<MailMessage | null>,
    recipients: () => Promise<string[]> = () => this.recipient(command.userId),
  ): Promise<'sent' | 'not_due' | 'failed'> {
    try {
      const addresses = await recipients();
      if (addresses.length === 0) return 'not_due';
      const { state } = await loadStream(this.deps.events, decider.streamOf(command), decider.initialState, decider.evolve);
      if (!due(state)) return 'not_due';
      const messages: MailMessage[] = [];
      for (const to of addresses) {
        const message = await compose(to, state);
        if (message) messages.push(message);
      }
      if (messages.length === 0) return 'not_due';
      const stream = decider.streamOf(command);
      for (const message of messages) {
        // A notice to several people that failed half-way is not sent again to those already handed it (until a restart).
        const key = `${stream} ${message.to}`;
        if (this.handedOver.has(key)) continue;
        await this.deps.mailer.send(message);
        this.handedOver.add(key);
      }
      await handleCommand(this.commands, this.context(this.deps.clock()), decider, command);
      for (const message of messages) this.handedOver.delete(`${stream} ${message.to}`);
      return 'sent';
    } catch (error) {
      this.log.error(error, `The notification scheduler could not send ${what} to user ${command.userId}; it tries again at the next tick`);
      return 'failed';
    }
  }

  private async sendModerationNotices(now: Date): Promise<void> {
    const since = new Date(now.getTime() - NOTICE_WINDOW_MS).toISOString();
    const due = await this.deps.read.find<ModerationNoticeDueView>(MODERATION_NOTICES_DUE, {
      where: { at: { gte: since } },
      sort: [{ field: 'at', direction: 'asc' }],
    });
    if (due.length === 0) return;
    const settings = await this.settingsOf([...new Set(due.map((notice) => notice.user_id))]);
    const bases = await this.bases();
    for (const notice of due.filter((candidate) => settings.get(candidate.user_id)?.moderation_notices)) {
      const link = await this.deps.read.get<LinkView>(LINKS, notice.id);
      if (!link?.disabled_by_admin) continue;
      await this.sendOnce(
        'a moderation notice',
        moderationNoticeDecider,
        { userId: notice.user_id, linkId: notice.id, moderationPosition: notice.position },
        (state) => noticeDue(state, notice.position),
        async (to) =>
          moderationNoticeMail(to, {
            title: link.title,
            shortUrl: shortUrl(bases.short, link),
            shortCode: link.short_code,
            destination: link.original_url,
            reason: link.moderation_reason ?? '',
            base: bases.app,
          }),
      );
    }
  }

  /**
   * Claims dropped because another account verified their name first: told whatever the
   * switches say (a service notice), to the members who manage the owning workspace's domains
   * (docs/workspaces.md#notices), the team's name in the mail.
   */
  private async sendDropNotices(now: Date): Promise<void> {
    const since = new Date(now.getTime() - NOTICE_WINDOW_MS).toISOString();
    const due = await this.deps.read.find<DomainDropNoticeDueView>(DOMAIN_DROP_NOTICES_DUE, {
      where: { at: { gte: since } },
      sort: [{ field: 'at', direction: 'asc' }],
    });
    if (due.length === 0) return;
    const bases = await this.bases();
    for (const notice of due) {
      const command = { domainId: notice.id, userId: notice.user_id };
      const workspace = await this.deps.read.get<WorkspaceView>(WORKSPACES, notice.user_id);
      const team = workspace && !workspace.personal ? workspace.name : null;
      await this.sendOnce(
        'the notice of a dropped domain claim',
        dropNoticeDecider,
        command,
        // Due exactly when recording it would record something.
        (claim) => dropNoticeDecider.decide(command, claim).length > 0,
        async (to, claim) => claimDroppedMail(to, { domain: claim.domain, everVerified: claim.everVerified, base: bases.app, team }),
        async () => (await domainNoticeRecipients(this.deps.read, notice.user_id)).map((recipient) => recipient.email),
      );
    }
  }

  private async sendUsageWarnings(now: Date): Promise<void> {
    const month = usageMonth(now);
    const usage = await this.deps.read.find<MonthlyUsageView>(MONTHLY_USAGE, { where: { month, links_created: { gt: 0 } } });
    if (usage.length === 0) return;
    const settings = await this.settingsOf(usage.map((row) => row.user_id));
    let bases: { app: string | null } | undefined;
    for (const row of usage) {
      const view = settings.get(row.user_id)!;
      const warned = view.warned_month === month ? view.warned_threshold : 0;
      if (!view.usage_warnings || warned >= 100) continue;
      const { plan, limits, subscription } = await currentPlan({ read: this.deps.read, clock: () => now }, row.user_id);
      const source: LinkLimitSource = subscription.custom_limits?.monthly_links != null ? { kind: 'account' } : { kind: 'plan', planName: plan.display_name };
      const reached = usageThreshold(row.links_created, limits.monthly_links);
      if (reached === 0 || warned >= reached) continue;
      bases ??= await this.bases();
      const app = bases.app;
      await this.sendOnce(
        'a usage warning',
        usageWarningDecider,
        { userId: row.user_id, month, threshold: reached },
        (state) => warningDue(state, month, reached) === reached,
        async (to) => usageWarningMail(to, { threshold: reached, used: row.links_created, limit: limits.monthly_links, source, base: app }),
      );
    }
  }

  private async sendWeeklySummaries(now: Date): Promise<void> {
    const { week, monday, sunday } = weekBefore(now);
    if (this.summarisedWeek === week) return;
    const owners = await this.deps.read.find<LinkTotalsView>(LINK_TOTALS, { where: { total_urls: { gt: 0 } } });
    const settings = await this.settingsOf(owners.map((owner) => owner.id));
    const candidates = owners.filter(({ id }) => {
      const view = settings.get(id)!;
      return view.weekly_summary && (view.summary_week === null || view.summary_week < week);
    });
    if (candidates.length > 0) {
      // The clicks up to now must be in the analytics store, or the week would be undercounted.
      const head = await this.deps.events.headPosition();
      if (!(await this.deps.analyticsProgress.waitFor(head, ANALYTICS_WAIT_MS)))
        throw new Error('The analytics projector is behind the log; the weekly summaries wait for it');
    }
    const weekEnds = `${sunday}T23:59:59.999Z`;
    const bases = await this.bases();
    let failed = false;
    for (const owner of candidates) {
      const outcome = await this.sendOnce(
        'the weekly summary',
        weeklySummaryDecider,
        { userId: owner.id, week },
        (state) => summaryDue(state, week),
        async (to) => {
          // Links that existed during the week; a user whose links all came later has nothing to summarise.
          const links = (await this.deps.read.find<LinkView>(LINKS, { where: { owner_id: owner.id } })).filter((link) => link.created_at <= weekEnds);
          if (links.length === 0) return null;
          const counts = await this.weekClicks(
            links.map((link) => link.id),
            monday,
            sunday,
          );
          return weeklySummaryMail(to, {
            week,
            monday,
            sunday,
            base: bases.app,
            links: links.map((link) => ({ title: link.title, shortUrl: shortUrl(bases.short, link), clicks: counts.get(link.id) ?? 0 })),
          });
        },
      );
      failed ||= outcome === 'failed';
    }
    // Everything this week has been dealt with: later rounds need not scan until next Monday.
    if (!failed) this.summarisedWeek = week;
  }

  /** Human clicks per link on the days from Monday to Sunday (UTC), from the per-day table. */
  private async weekClicks(linkIds: number[], monday: string, sunday: string): Promise<Map<number, number>> {
    const rows = await this.deps.analytics.query<{ link_id: number | string; clicks: number | string }>(
      `SELECT link_id, sum(clicks) AS clicks FROM clicks_daily
       WHERE link_id IN {links:Array(UInt64)} AND dimension = '' AND day >= {first:Date32} AND day <= {last:Date32}
       GROUP BY link_id`,
      { links: linkIds, first: monday, last: sunday },
    );
    return new Map(rows.map((row) => [Number(row.link_id), Number(row.clicks)]));
  }
}
