import { RoundsScheduler, type RoundSteps } from '../platform/scheduled-rounds.ts';
import type { EventStore, ReadStore } from '@linkledger/contracts';
import {
  PAYMENTS,
  SUBSCRIPTIONS,
  USERS,
  WORKSPACES,
  type PaymentView,
  type SubscriptionView,
  type UserView,
  type WorkspaceView,
} from '@linkledger/projections';
import { handleCommand, type CommandDeps } from '../commands/command-handler.ts';
import { loadStream } from '../commands/command-context.ts';
import { evolveSubscription, noSubscription } from '../billing/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Payments } from './payment-setup.ts';
import { REMINDER_LEAD_MS, expireDecider, remindable, reminderDecider } from './subscription-deciders.ts';
import { receiptEmailedDecider } from './payment-order-deciders.ts';
import { evolveOrder, noOrder, orderStream } from './payment-order-state.ts';
import { receiptPdf } from './receipts.ts';
import { receiptMail, renewalReminderMail } from './billing-mail.ts';
import { isTestModeOrder } from './test-mode-gateway.ts';

interface Deps extends Pick<CommandDeps, 'readModel'> {
  events: EventStore;
  read: ReadStore;
  mailer: Mailer;
  payments: Payments;
  clock: () => Date;
}

interface Log {
  error(error: unknown, message: string): void;
}

/** How often due work is looked for when nothing in the log calls for it sooner. */
const TICK_MS = 30_000;
/** Events after which there may be a receipt to send: acted on at once, not at the next tick. */
const PROMPTING = ['PaymentCaptured'] as const;

/**
 * Time-driven billing work (docs/payments.md#lifecycle): expiring paid periods that ended,
 * e-mailing renewal reminders, e-mailing receipts. What is due is read from the read models
 * the log builds; each action is a command on the entity's own stream, decided on the
 * stream itself, so it happens once however often a tick, a restart or a second process
 * finds it due. Mail goes first and is recorded after: a failed send is tried again at the
 * next tick; only a crash between the two can send one twice.
 */
export class BillingScheduler extends RoundsScheduler {
  constructor(
    private readonly deps: Deps,
    private readonly log: Log,
  ) {
    super(deps, log, 'billing-scheduler', { name: 'the billing scheduler', prompting: PROMPTING, following: 'payments', tickMs: TICK_MS });
  }

  protected steps(): RoundSteps {
    const now = this.deps.clock();
    return [
      ['expire subscriptions', () => this.expire(now)],
      ['send renewal reminders', () => this.remind(now)],
      ['send receipts', () => this.sendReceipts()],
    ];
  }

  private async expire(now: Date): Promise<void> {
    const due = await this.deps.read.find<SubscriptionView>(SUBSCRIPTIONS, {
      where: { current_period_end: { lte: now.toISOString() }, status: { in: ['active', 'cancelled'] } },
    });
    for (const subscription of due) await handleCommand(this.commands, this.context(now), expireDecider, { userId: subscription.id, now });
  }

  private async remind(now: Date): Promise<void> {
    const soon = await this.deps.read.find<SubscriptionView>(SUBSCRIPTIONS, {
      where: { status: 'active', current_period_end: { gt: now.toISOString(), lte: new Date(now.getTime() + REMINDER_LEAD_MS).toISOString() } },
    });
    for (const view of soon.filter((candidate) => candidate.reminded_for !== candidate.current_period_end)) {
      const { state } = await loadStream(this.deps.events, `subscription-${view.id}`, noSubscription, evolveSubscription);
      if (!remindable(state, now)) continue;
      const recipients = await this.reminded(view.id);
      if (recipients.length === 0) continue;
      for (const user of recipients) await this.deps.mailer.send(renewalReminderMail(user.email, { planType: state.planType, periodEnd: state.periodEnd! }));
      await handleCommand(this.commands, this.context(now), reminderDecider, { userId: view.id, now });
    }
  }

  /**
   * Who is reminded that a workspace's plan ends: a personal workspace's user, a team
   * workspace's owners. A deleted account is mailed nothing (docs/privacy.md#deleting-an-account).
   */
  private async reminded(workspaceId: number): Promise<UserView[]> {
    const workspace = await this.deps.read.get<WorkspaceView>(WORKSPACES, workspaceId);
    const ids = workspace && !workspace.personal ? workspace.owner_ids : [workspaceId];
    const users = await Promise.all(ids.map((id) => this.deps.read.get<UserView>(USERS, id)));
    return users.filter((user): user is UserView => user !== null && user.status !== 'deleted');
  }

  private async sendReceipts(): Promise<void> {
    const pending = await this.deps.read.find<PaymentView>(PAYMENTS, { where: { status: 'captured', receipt_emailed: false } });
    for (const payment of pending) {
      // The read model may not show a receipt sent a moment ago; the order's own stream does.
      const { state } = await loadStream(this.deps.events, orderStream(payment.id), noOrder, evolveOrder);
      const user = await this.deps.read.get<UserView>(USERS, payment.user_id);
      if (state.receiptEmailed || !user || user.status === 'deleted' || !payment.receipt_number) continue;
      const pdf = await receiptPdf(payment, user, this.deps.payments);
      await this.deps.mailer.send(
        receiptMail(user.email, {
          number: payment.receipt_number,
          planType: payment.plan_type,
          amountPaise: payment.amount_paise,
          periodEnd: payment.period_end,
          testMode: isTestModeOrder(payment.id),
          pdf,
        }),
      );
      await handleCommand(this.commands, this.context(this.deps.clock()), receiptEmailedDecider, { orderId: payment.id });
    }
  }
}
