import './payments.css';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { PaymentMethodItem } from '@linkledger/contracts';
import { ApiError, errorText } from '../../../api/client.ts';
import { invalidate, useQuery } from '../../../api/query.ts';
import type { Subscription } from '../../../api/types.ts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { AlertIcon } from '../../../ui/icons.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { Tabs, type TabItem } from '../../../ui/Tabs.tsx';
import { toast } from '../../../ui/toasts.ts';
import { planLabel } from '../plan-label.ts';
import { PRICING_HREF } from '../pricing-href.ts';
import { refreshSubscription, useSubscription } from '../subscription.ts';
import { indianDate } from '../usage.ts';
import { CheckoutFlow, type CheckoutRequest } from './CheckoutFlow.tsx';
import { MethodIcon } from './payment-icons.tsx';
import { BILLING_HISTORY_QUERY, PAYMENT_METHODS_QUERY, refreshAfterPlanChange } from './payment-queries.ts';
import { paymentsApi } from './payments-api.ts';
import { useWorkspaceKey } from '../workspace-key.ts';
import PaymentsTable from './PaymentsTable.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { TitledCard } from '../../../ui/TitledCard.tsx';

/** The page's toasts (the product's error catalogue). */
const LOAD_FAILED = 'Failed to load data';
const CANCEL_FAILED = 'Failed to cancel subscription';
const REMOVE_FAILED = 'Failed to remove payment method';

const TAB_IDS = ['methods', 'history', 'subscription'] as const;

/** /payment-management (signed in): payment methods, billing history and the subscription, the tab kept in `?tab=`. */
export default function PaymentManagementPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const selected = TAB_IDS.find((id) => id === asked) ?? 'methods';
  const tabs: TabItem[] = [
    { id: 'methods', label: 'Payment Methods', content: <MethodsTab /> },
    { id: 'history', label: 'Billing History', content: <HistoryTab /> },
    { id: 'subscription', label: 'Subscription', content: <SubscriptionTab /> },
  ];
  return (
    <div className="payments">
      <PageHeader title="Payment Management" subtitle="The ways you have paid, your payments and receipts, and your subscription.">
        <Link className="button button--secondary" to={PRICING_HREF}>
          View plans
        </Link>
      </PageHeader>
      <Tabs label="Payment management" tabs={tabs} selected={selected} onSelect={(tab) => setParams({ tab }, { replace: true })} />
    </div>
  );
}

/** A failed load is toasted once per failure, and the tab shows an error state (never sample data). */
function useLoadFailureToast(error: unknown, loading: boolean) {
  useEffect(() => {
    if (error !== undefined && !loading && !isRoleRefusal(error)) toast(LOAD_FAILED, 'error', errorText(error, 'Please try again in a moment.'));
  }, [error, loading]);
}

/** A 403: the caller's role in the workspace does not reach its payments (docs/payments.md#whose-plan-a-payment-buys). */
const isRoleRefusal = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 403;

function LoadFailed({ what, error, onRetry }: { what: string; error?: unknown; onRetry(): void }) {
  if (isRoleRefusal(error))
    return (
      <div className="banner banner--info payments__error" role="status">
        <div className="banner__body">
          <p className="banner__title">Payments are managed by the workspace’s owners and billing members</p>
          <p>{error.detail}</p>
        </div>
      </div>
    );
  return (
    <div className="banner banner--error payments__error" role="alert">
      <AlertIcon />
      <div className="banner__body">
        <p className="banner__title">{LOAD_FAILED}</p>
        <p>Your {what} could not be loaded just now.</p>
        <button type="button" className="button button--secondary button--sm" onClick={onRetry}>
          Try again
        </button>
      </div>
    </div>
  );
}

function Loading({ text }: { text: string }) {
  return (
    <p className="cluster cluster--center cluster--nowrap checkout__loading" role="status">
      <Spinner size="sm" /> {text}
    </p>
  );
}

function Empty({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="empty-state card">
      <p className="empty-state__title">{title}</p>
      <p>{children}</p>
      <Link className="button button--primary" to={PRICING_HREF}>
        View plans
      </Link>
    </div>
  );
}

function MethodsTab() {
  const { data, error, loading, refetch } = useQuery(useWorkspaceKey(PAYMENT_METHODS_QUERY), paymentsApi.methods);
  useLoadFailureToast(error, loading);
  const [removing, setRemoving] = useState<PaymentMethodItem | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const makeDefault = async (method: PaymentMethodItem) => {
    setBusy(method.id);
    try {
      await paymentsApi.makeDefault(method.id);
      toast('Default Payment Method Updated', 'success', `${method.name} is now your default.`);
    } catch (failure) {
      toast('Failed to update payment method', 'error', errorText(failure, 'Please try again.'));
    } finally {
      await invalidate(PAYMENT_METHODS_QUERY);
      setBusy(null);
    }
  };

  const remove = async (method: PaymentMethodItem) => {
    try {
      await paymentsApi.removeMethod(method.id);
      toast('Payment Method Removed', 'success', `${method.name} was removed.`);
    } catch (failure) {
      toast(REMOVE_FAILED, 'error', errorText(failure, 'Please try again.'));
    } finally {
      await invalidate(PAYMENT_METHODS_QUERY);
    }
  };

  if (!data)
    return error !== undefined && !loading ? (
      <LoadFailed what="payment methods" error={error} onRetry={() => void refetch()} />
    ) : (
      <Loading text="Loading your payment methods…" />
    );
  const methods = data.payment_methods;
  return (
    <div className="stack payments__panel">
      {methods.length === 0 ? (
        <Empty title="No payment methods yet">
          A payment method appears here once you have paid with it — by UPI or card, when you buy a plan. There is nothing to add in advance.
        </Empty>
      ) : (
        <>
          <p className="subscription-card__note">The ways you have paid. A method is added when you pay with it; the default is the one shown first.</p>
          <ul className="payment-methods" aria-label="Your payment methods">
            {methods.map((method) => (
              <li
                key={method.id}
                className={`cluster cluster--center gap-4 payment-method${method.is_default ? ' payment-method--default' : ''}`}
                data-method={method.id}
              >
                <span className="icon-disc icon-disc--square payment-method__icon">
                  <MethodIcon icon={method.icon} />
                </span>
                <div className="payment-method__body">
                  <p className="payment-method__name">
                    {method.name}
                    {method.is_default ? <span className="badge badge--success">Default</span> : null}
                  </p>
                  <p className="payment-method__text">{method.description}</p>
                </div>
                <div className="payment-method__actions cluster">
                  {method.is_default ? null : (
                    <button
                      type="button"
                      className="button button--secondary button--sm"
                      disabled={busy !== null}
                      onClick={() => void makeDefault(method)}
                      aria-label={`Make ${method.name} the default`}
                    >
                      {busy === method.id ? <Spinner size="sm" /> : null}
                      Make default
                    </button>
                  )}
                  <button
                    type="button"
                    className="button button--ghost button--sm"
                    disabled={busy !== null}
                    onClick={() => setRemoving(method)}
                    aria-label={`Remove ${method.name}`}
                  >
                    Remove
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove payment method"
        message="Remove this payment method from your account?"
        itemName={removing?.name}
        confirmLabel="Remove"
        onConfirm={() => (removing ? remove(removing) : undefined)}
        onClose={() => setRemoving(null)}
      />
    </div>
  );
}

function HistoryTab() {
  const { data, error, loading, refetch } = useQuery(useWorkspaceKey(BILLING_HISTORY_QUERY), paymentsApi.history);
  useLoadFailureToast(error, loading);
  if (!data)
    return error !== undefined && !loading ? (
      <LoadFailed what="billing history" error={error} onRetry={() => void refetch()} />
    ) : (
      <Loading text="Loading your billing history…" />
    );
  const items = data.billing_history;
  if (items.length === 0) {
    return <Empty title="No payments yet">Your payments and their receipts appear here once you buy a plan.</Empty>;
  }
  return (
    <div className="stack payments__panel card">
      <PaymentsTable items={items} caption="Your payments, newest first" />
    </div>
  );
}

const STATUS_WORDS: Record<Subscription['status'], string> = { active: 'Active', cancelled: 'Cancelled', expired: 'Expired' };

function SubscriptionTab() {
  const { subscription, failed } = useSubscription();
  const [cancelAsked, setCancelAsked] = useState(false);
  const [renewal, setRenewal] = useState<CheckoutRequest | null>(null);
  useLoadFailureToast(failed && !subscription ? true : undefined, false);

  if (!subscription)
    return failed ? <LoadFailed what="subscription" onRetry={() => void refreshSubscription()} /> : <Loading text="Loading your subscription…" />;

  const name = planLabel(subscription.plan.name, subscription.plan_type);
  const paid = subscription.plan_type !== 'free';
  const active = subscription.status === 'active';
  const end = subscription.current_period_end ? indianDate(subscription.current_period_end) : null;
  const renew = () =>
    setRenewal({
      plan: subscription.plan_type as CheckoutRequest['plan'],
      planName: subscription.plan.display_name,
      cycle: subscription.billing_cycle,
      requestedAt: Date.now(),
    });

  return (
    <div className="stack payments__panel">
      <TitledCard className="stack subscription-card" titleId="subscription-title" title="Current plan" data-testid="subscription-card">
        <dl className="grid gap-3 subscription-card__facts">
          <div>
            <dt>Plan</dt>
            <dd data-figure="plan">{name}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>
              <span className={`dotted subscription-status subscription-status--${active ? 'active' : 'inactive'}`} data-figure="status">
                {STATUS_WORDS[subscription.status]}
              </span>
            </dd>
          </div>
          {paid ? (
            <div>
              <dt>Billing cycle</dt>
              <dd>{subscription.billing_cycle === 'yearly' ? 'Yearly' : 'Monthly'}</dd>
            </div>
          ) : null}
          <div>
            <dt>{subscription.status === 'cancelled' ? 'Ends on' : 'Period ends'}</dt>
            <dd data-figure="period-end">{end ?? 'No end date'}</dd>
          </div>
        </dl>
        <p className="subscription-card__note">
          {!paid
            ? 'You are on the Free plan. Choose a paid plan for more links, custom domains and a faster API.'
            : subscription.status === 'cancelled'
              ? `Cancelled: you keep ${name}${end ? ` until ${end}` : ''}, then your account moves to the Free plan. Paying for another period makes it active again.`
              : end
                ? `${name} is paid until ${end}. Nothing is charged automatically: to keep ${name} after that, pay for another period.`
                : `${name} was granted to your account without an end date.`}
        </p>
        <div className="subscription-card__actions cluster">
          {paid && end ? (
            <button type="button" className="button button--primary" onClick={renew}>
              {active ? 'Pay for another period' : `Renew ${name}`}
            </button>
          ) : null}
          <Link className={`button ${paid && end ? 'button--secondary' : 'button--primary'}`} to={PRICING_HREF}>
            {paid ? 'Change plan' : 'View plans'}
          </Link>
          {paid && active ? (
            <button type="button" className="button button--danger" onClick={() => setCancelAsked(true)}>
              Cancel subscription
            </button>
          ) : null}
        </div>
      </TitledCard>
      <CancelDialog open={cancelAsked} subscription={subscription} planName={name} end={end} onClose={() => setCancelAsked(false)} />
      {renewal ? <CheckoutFlow key={renewal.requestedAt} request={renewal} onClose={() => setRenewal(null)} /> : null}
    </div>
  );
}

interface CancelDialogProps {
  open: boolean;
  subscription: Subscription;
  planName: string;
  end: string | null;
  onClose(): void;
}

/** Cancelling keeps the paid plan to the end of its period, then the account is on Free. */
function CancelDialog({ open, subscription, planName, end, onClose }: CancelDialogProps) {
  const [busy, setBusy] = useState(false);
  const cancel = async () => {
    setBusy(true);
    try {
      const answer = await paymentsApi.cancelSubscription(subscription.id);
      toast('Subscription Cancelled', 'success', answer.message);
    } catch (error) {
      toast(CANCEL_FAILED, 'error', errorText(error, 'Please try again.'));
    } finally {
      await refreshAfterPlanChange();
      setBusy(false);
      onClose();
    }
  };
  return (
    <Modal
      title="Cancel subscription"
      open={open}
      onClose={() => (busy ? undefined : onClose())}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
            Keep subscription
          </button>
          <button type="button" className="button button--danger" onClick={() => void cancel()} disabled={busy} aria-busy={busy}>
            {busy ? <Spinner size="sm" /> : null}
            Cancel subscription
          </button>
        </>
      }
    >
      <p>Cancel your {planName} subscription?</p>
      <p className="subscription-card__note">
        You keep {planName} {end ? `until ${end}` : 'until the end of the period you paid for'}; then your account moves to the Free plan. There is no
        cancellation fee.
      </p>
    </Modal>
  );
}
