import { randomUUID } from 'node:crypto';
import { WEBHOOK_FAILURES_BEFORE_DISABLED, type EventStore, type ReadStore } from '@linkledger/contracts';
import { WORKSPACES, type WorkspaceView } from '@linkledger/projections';
import { asMultiStream, handleMultiStreamCommand } from '../commands/command-handler.ts';
import { foldEvents } from '../commands/event-port.ts';
import { currentPlan } from '../billing/index.ts';
import { domainNoticeRecipients } from '../domains/index.ts';
import { mailBases } from '../mail/mail-bases.ts';
import { fixedMailId, mailOwed, oweEachOnceDecider, owingMails } from '../owed-mail/index.ts';
import type { Config } from '../platform/config.ts';
import type { ReadModelProgress } from '../platform/platform.ts';
import type { SafeFetchNetwork } from '../platform/safe-fetch.ts';
import { RoundsScheduler, type RoundSteps } from '../platform/scheduled-rounds.ts';
import { decryptSecret } from '../platform/secret-box.ts';
import { attemptStep, queuedStep, recordStep, wants } from './webhook-deliveries.ts';
import { DISABLED_AFTER_FAILURES, webhooksDecider } from './webhook-deciders.ts';
import { webhookFailingMail } from './webhook-failure-mail.ts';
import { HEARD_TYPES, deliveryPayload, heardEvent, workspaceOfLinkFrom, type WorkspaceOfLink } from './webhook-payload.ts';
import { sendPayload } from './webhook-send.ts';
import { WEBHOOK_SECRET_PURPOSE } from './webhook-signature.ts';
import {
  deliveriesStream,
  evolveDeliveries,
  evolveWebhooks,
  noDeliveries,
  noWebhooks,
  type DeliveriesState,
  type OwedDelivery,
  type WebhookSettings,
  type WebhooksState,
} from './webhook-state.ts';

interface Deps {
  events: EventStore;
  read: ReadStore;
  readModel: ReadModelProgress;
  /** The installation secret the signing secrets are sealed with. */
  secret: string;
  config: Pick<Config, 'WEBHOOKS_ALLOW_PRIVATE_TARGETS' | 'PUBLIC_URL' | 'ALLOWED_ORIGINS'>;
  clock: () => Date;
  /** How deliveries reach the network: the system's, unless a test gives its own. */
  network: () => SafeFetchNetwork | undefined;
}

/** After this many failures in a row the workspace's owners and admins are told, once; at WEBHOOK_FAILURES_BEFORE_DISABLED it is switched off. */
const FAILURES_BEFORE_WARNING = 5;
/** Log events read per batch while hearing. */
const BATCH = 500;
const TICK_MS = 5_000;
const SETTINGS_TYPES = ['WebhookCreated', 'WebhookUpdated', 'WebhookDisabled', 'WebhookDeleted'];

interface Followed {
  state: DeliveriesState;
  /** The stream's revision folded so far (-1: none). */
  revision: number;
  /** In this process: the log position heard through (events that matched nothing are not recorded). */
  heardThrough: number;
}

/**
 * Delivers webhooks from the log (docs/webhooks.md#delivery), where the projectors run. Each
 * round it follows the webhooks' settings, hears the log's events after each webhook's
 * checkpoint (the last event it queued, or where it was created) and queues those it wants on
 * its delivery stream, then tries every queue's first delivery that is due: a failed one holds
 * back the later ones of its link (or of its workspace, for events about no link), not the
 * others. Everything is in the log, so the queues, the failures in a row and the checkpoints
 * survive a restart.
 */
export class WebhookDeliverer extends RoundsScheduler {
  private settingsAfter = 0;
  private readonly workspaces = new Map<number, WebhooksState>();
  private readonly followed = new Map<string, Followed>();
  private readonly workspaceOfLink: WorkspaceOfLink;

  constructor(
    private readonly deps: Deps,
    private readonly log: { error(error: unknown, message: string): void },
  ) {
    super(deps, log, 'webhooks', {
      name: 'the webhook deliverer',
      prompting: [...HEARD_TYPES, 'WebhookReplayRequested'],
      following: 'webhook events',
      tickMs: TICK_MS,
    });
    this.workspaceOfLink = workspaceOfLinkFrom(deps.events);
  }

  protected steps(): RoundSteps {
    return [
      ['follow webhook settings', () => this.followSettings()],
      ['queue new events', () => this.hear()],
      ['deliver what is due', () => this.deliverDue()],
    ];
  }

  private async followSettings(): Promise<void> {
    for (;;) {
      const batch = await this.deps.events.readAll({ after: this.settingsAfter, limit: BATCH, filter: { types: SETTINGS_TYPES } });
      for (const recorded of batch) {
        const workspaceId = Number(recorded.stream.slice('webhooks-'.length));
        this.workspaces.set(workspaceId, foldEvents([recorded], evolveWebhooks, this.workspaces.get(workspaceId) ?? noWebhooks));
        this.settingsAfter = recorded.position;
      }
      if (batch.length < BATCH) return;
    }
  }

  /**
   * The webhooks that are on, of workspaces whose plan has webhooks now: a workspace that moved
   * to a plan without them hears and sends nothing until it has them again, then resumes where
   * it stopped (docs/webhooks.md#delivery).
   */
  private async enabledWebhooks(): Promise<{ workspaceId: number; webhook: WebhookSettings }[]> {
    const entries = await Promise.all(
      [...this.workspaces].map(async ([workspaceId, state]) => {
        const enabled = Object.values(state.webhooks).filter((webhook) => webhook.enabled);
        if (enabled.length === 0) return [];
        const { plan } = await currentPlan(this.deps, workspaceId);
        return plan.features.includes('webhooks') ? enabled.map((webhook) => ({ workspaceId, webhook })) : [];
      }),
    );
    return entries.flat();
  }

  /** The webhook's delivery stream, folded up to its latest step (others append too: a test event, a replay). */
  private async follow(workspaceId: number, webhook: WebhookSettings): Promise<Followed> {
    const stream = deliveriesStream(workspaceId, webhook.id);
    const known = this.followed.get(stream) ?? { state: noDeliveries, revision: -1, heardThrough: 0 };
    const recorded = await this.deps.events.readStream(stream, known.revision + 1);
    const state = foldEvents(recorded, evolveDeliveries, known.state);
    const followed = {
      state,
      revision: recorded.at(-1)?.revision ?? known.revision,
      heardThrough: Math.max(known.heardThrough, webhook.heardAfter, state.heardThrough),
    };
    this.followed.set(stream, followed);
    return followed;
  }

  /** Queues the log's new events for every enabled webhook that wants them, from the lowest checkpoint on. */
  private async hear(): Promise<void> {
    const listening = await Promise.all(
      (await this.enabledWebhooks()).map(async (entry) => ({ ...entry, from: (await this.follow(entry.workspaceId, entry.webhook)).heardThrough })),
    );
    if (listening.length === 0) return;
    let after = Math.min(...listening.map((entry) => entry.from));
    const context = this.context(this.deps.clock());
    for (;;) {
      const batch = await this.deps.events.readAll({ after, limit: BATCH, filter: { types: HEARD_TYPES } });
      for (const recorded of batch) {
        const heard = await heardEvent(recorded, this.workspaceOfLink);
        if (!heard) continue;
        for (const { workspaceId, webhook, from } of listening)
          if (recorded.position > from && wants(webhook, workspaceId, heard))
            await recordStep(this.deps.events, context, queuedStep(workspaceId, webhook.id, recorded, heard, false));
      }
      after = batch.at(-1)?.position ?? after;
      if (batch.length < BATCH) break;
    }
    for (const { workspaceId, webhook } of listening) {
      const followed = this.followed.get(deliveriesStream(workspaceId, webhook.id))!;
      followed.heardThrough = Math.max(followed.heardThrough, after);
    }
  }

  private async deliverDue(): Promise<void> {
    // Side by side: a receiver that makes us wait its full timeout delays only its own webhook.
    const results = await Promise.allSettled((await this.enabledWebhooks()).map(({ workspaceId, webhook }) => this.deliverFor(workspaceId, webhook)));
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /**
   * Works each queue in order while its deliveries succeed: the first that fails (or is not due)
   * holds back the rest of its queue until its next try. Stops once the webhook is switched off.
   */
  private async deliverFor(workspaceId: number, webhook: WebhookSettings): Promise<void> {
    const { state } = await this.follow(workspaceId, webhook);
    const queues = new Map<string, OwedDelivery[]>();
    for (const owed of state.owed) queues.set(owed.orderKey, [...(queues.get(owed.orderKey) ?? []), owed]);
    const secret = decryptSecret(this.deps.secret, WEBHOOK_SECRET_PURPOSE, webhook.secretSealed);
    for (const queue of queues.values()) {
      for (const owed of queue) {
        const outcome = await this.attempt(workspaceId, webhook, secret, owed);
        if (outcome === 'not_due' || outcome === 'failed') break;
        if (outcome === 'switched_off') return;
      }
    }
  }

  private async attempt(
    workspaceId: number,
    webhook: WebhookSettings,
    secret: string,
    owed: OwedDelivery,
  ): Promise<'not_due' | 'delivered' | 'failed' | 'switched_off'> {
    const now = this.deps.clock();
    if (owed.dueAt > now.getTime()) return 'not_due';
    const [recorded] = await this.deps.events.readAll({ after: owed.position - 1, limit: 1 });
    const heard = recorded?.position === owed.position ? await heardEvent(recorded, this.workspaceOfLink) : null;
    if (!recorded || !heard) throw new Error(`Webhook ${workspaceId}/${webhook.id} owes a delivery of position ${owed.position}, which the log does not hold`);
    const payload = deliveryPayload(recorded.id, heard.type, recorded.metadata.at, owed.replay, heard.data);
    const outcome = await sendPayload(webhook.url, secret, payload, {
      now,
      allowPrivate: this.deps.config.WEBHOOKS_ALLOW_PRIVATE_TARGETS,
      network: this.deps.network(),
    });
    await recordStep(this.deps.events, this.context(now), attemptStep(workspaceId, webhook.id, owed, outcome, now));
    if (outcome.delivered) return 'delivered';
    const failures = (await this.follow(workspaceId, webhook)).state.consecutiveFailures;
    if (failures === FAILURES_BEFORE_WARNING) await this.tellOwners(workspaceId, webhook, failures, outcome.excerpt, owed.deliveryId);
    if (failures < WEBHOOK_FAILURES_BEFORE_DISABLED) return 'failed';
    await this.switchOff(workspaceId, webhook, failures, outcome.excerpt);
    return 'switched_off';
  }

  private async failingMails(
    workspaceId: number,
    webhook: WebhookSettings,
    failures: number,
    lastAnswer: string,
    disabled: boolean,
    mailIdOf: (userId: number) => string,
  ) {
    const now = this.deps.clock();
    const [recipients, workspace, bases] = await Promise.all([
      domainNoticeRecipients(this.deps.read, workspaceId),
      this.deps.read.get<WorkspaceView>(WORKSPACES, workspaceId),
      mailBases(this.deps.events, this.deps.config),
    ]);
    const team = workspace && !workspace.personal ? workspace.name : null;
    return recipients.map((recipient) => {
      const mail = { mailId: mailIdOf(recipient.userId), now, retryMs: 0 };
      const written = webhookFailingMail(recipient.email, { name: webhook.name, url: webhook.url, failures, disabled, team, lastAnswer, base: bases.app });
      const place = { base: bases.app ?? '', environmentOnly: false };
      return { mailId: mail.mailId, event: mailOwed(mail, { kind: 'webhook_failing', userId: recipient.userId, place, to: recipient.email, written }) };
    });
  }

  /** The warning after FAILURES_BEFORE_WARNING failures in a row: once per run of failures (its id names the failure that reached the count). */
  private async tellOwners(workspaceId: number, webhook: WebhookSettings, failures: number, lastAnswer: string, deliveryId: string): Promise<void> {
    const key = `webhook-failing/${workspaceId}/${webhook.id}/${deliveryId}/${this.followed.get(deliveriesStream(workspaceId, webhook.id))!.revision}`;
    const mails = await this.failingMails(workspaceId, webhook, failures, lastAnswer, false, (userId) => fixedMailId(`${key}/${userId}`));
    if (mails.length > 0) await handleMultiStreamCommand(this.commands, this.context(this.deps.clock()), oweEachOnceDecider, { mails });
  }

  /** Switches the webhook off and tells its owners, in one append; a webhook already off is left alone. */
  private async switchOff(workspaceId: number, webhook: WebhookSettings, failures: number, lastAnswer: string): Promise<void> {
    const mails = await this.failingMails(workspaceId, webhook, failures, lastAnswer, true, () => randomUUID());
    const decider = owingMails(
      asMultiStream(webhooksDecider),
      mails.map((mail) => mail.mailId),
      () => mails.map((mail) => mail.event),
    );
    await handleMultiStreamCommand(this.commands, this.context(this.deps.clock()), decider, {
      kind: 'disable',
      workspaceId,
      webhookId: webhook.id,
      reason: DISABLED_AFTER_FAILURES,
    });
    // The next round's settings hold it; this round's deliveries for it stopped here.
  }
}
