import { domainEventOf, type EventStore, type ReadStore, type RecordedEvent } from '@linkledger/contracts';
import { WORKSPACES, type WorkspaceView } from '@linkledger/projections';
import { evolveRecorded } from '../commands/event-port.ts';
import { handleMultiStreamCommand, NO_READ_MODEL } from '../commands/command-handler.ts';
import { domainNoticeRecipients } from '../domains/index.ts';
import { mailBases } from '../mail/mail-bases.ts';
import { fixedMailId, mailOwed, oweEachOnceDecider } from '../owed-mail/index.ts';
import type { Config } from '../platform/config.ts';
import { evolveEditableLink, shortUrl, type EditableLink } from '../links/index.ts';
import { linkExpiredMail } from './link-expired-mail.ts';
import { evolveNotifications, noNotifications, notificationStream } from './notification-state.ts';
import { loadStream } from '../commands/command-context.ts';

/** The system actor (and route) the notices are owed as. */
const NOTICE_ACTOR = 'link-expiry-notices';
/** An expiry older than this when first seen (an outage, a restart after a long stop) is not told any more. */
const TOO_LATE_MS = 7 * 86_400_000;
const BATCH = 200;

interface Deps {
  events: EventStore;
  read: ReadStore;
  config: Pick<Config, 'PUBLIC_URL' | 'ALLOWED_ORIGINS'>;
}

/**
 * Owes the notice of each recorded `LinkExpired` to the owners and admins of the link's
 * workspace (docs/notifications.md#link-expiry-notices), through the owed-mail path, which
 * sends it. Reads the log's expiries from where it last stopped (from the start after a
 * restart: the notices' fixed ids make a second pass owe nothing).
 */
export class LinkExpiryNotices {
  private after = 0;

  constructor(private readonly deps: Deps) {}

  async oweDue(now: Date): Promise<void> {
    for (;;) {
      const batch = await this.deps.events.readAll({ after: this.after, limit: BATCH, filter: { types: ['LinkExpired'] } });
      for (const recorded of batch) {
        if (now.getTime() - Date.parse(recorded.metadata.at) <= TOO_LATE_MS) await this.owe(recorded, now);
        this.after = recorded.position;
      }
      if (batch.length < BATCH) return;
    }
  }

  private async owe(recorded: RecordedEvent, now: Date): Promise<void> {
    const expiry = domainEventOf(recorded);
    if (expiry?.type !== 'LinkExpired') return;
    const { link, deletedSince } = await this.linkAsItExpired(recorded);
    if (!link || deletedSince) return;
    const [recipients, workspace, bases] = await Promise.all([
      this.switchedOn(await domainNoticeRecipients(this.deps.read, link.ownerId)),
      this.deps.read.get<WorkspaceView>(WORKSPACES, link.ownerId),
      mailBases(this.deps.events, this.deps.config),
    ]);
    const controls = link.controls;
    const mails = recipients.map((recipient) => {
      // The same id however often it is worked out: once per expiry and person (an expiry after a re-arming is another event).
      const mail = { mailId: fixedMailId(`link-expired/${recorded.position}/${recipient.userId}`), now, retryMs: 0 };
      const written = linkExpiredMail(recipient.email, {
        title: link.title,
        shortUrl: shortUrl(bases.short, { short_code: link.shortCode, custom_domain: link.customDomain, trai_header: link.traiHeader }),
        shortCode: link.shortCode,
        reason: expiry.data.reason,
        expiresAt: controls?.expiresAt == null ? null : new Date(controls.expiresAt).toISOString(),
        maxClicks: controls?.maxClicks ?? null,
        expiredUrl: controls?.expiredUrl ?? null,
        team: workspace && !workspace.personal ? workspace.name : null,
        base: bases.app,
      });
      const place = { base: bases.app ?? '', environmentOnly: false };
      return { mailId: mail.mailId, event: mailOwed(mail, { kind: 'link_expired', userId: recipient.userId, place, to: recipient.email, written }) };
    });
    if (mails.length === 0) return;
    const context = { actor: { kind: 'system' as const, id: NOTICE_ACTOR }, correlationId: recorded.id, now, route: NOTICE_ACTOR };
    await handleMultiStreamCommand({ events: this.deps.events, ...NO_READ_MODEL }, context, oweEachOnceDecider, { mails });
  }

  /** The recipients who have not switched the notices of expired links off. */
  private async switchedOn<R extends { userId: number }>(recipients: readonly R[]): Promise<R[]> {
    const states = await Promise.all(
      recipients.map(
        async (recipient) => (await loadStream(this.deps.events, notificationStream(recipient.userId), noNotifications, evolveNotifications)).state,
      ),
    );
    return recipients.filter((_recipient, index) => states[index]!.expiryNotices);
  }

  /** The link as it was when it expired (its title and controls then, not as a later edit left them), and whether it is deleted now. */
  private async linkAsItExpired(expiry: RecordedEvent): Promise<{ link: EditableLink | null; deletedSince: boolean }> {
    let link: EditableLink | null = null;
    let deletedSince = false;
    for (const recorded of await this.deps.events.readStream(expiry.stream)) {
      if (recorded.revision <= expiry.revision) link = evolveRecorded(evolveEditableLink, link, recorded);
      else deletedSince ||= recorded.type === 'LinkDeleted';
    }
    return { link, deletedSince };
  }
}
