import { useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../api/client.ts';
import { createdLabel } from '../../format/dates.ts';
import { useSession } from '../auth/index.ts';
import { PRICING_HREF, planLabel, refreshSubscription, useSubscription } from '../billing/index.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { settingsApi } from './settings-api.ts';
import { StatusLine } from './StatusLine.tsx';
import { TitledCard } from '../../ui/TitledCard.tsx';

const STATUS_WORDS = { active: 'Active', cancelled: 'Cancelled', expired: 'Expired' } as const;

/** The current plan and subscription, cancel (the payments call) and a way to /pricing (docs/payments.md#cancelling). */
export function BillingTab() {
  const { subscription, failed } = useSubscription();
  const planType = useSession((s) => s.user?.plan_type);
  const [confirming, setConfirming] = useState(false);
  const [status, setStatus] = useState<string | null>(null);

  if (!subscription) {
    return failed ? (
      <div className="settings__panel">
        <StatusLine text="Failed to load your subscription." />
        <button type="button" className="button button--secondary" onClick={() => void refreshSubscription()}>
          Retry
        </button>
      </div>
    ) : (
      <p className="settings__loading">
        <Spinner size="sm" /> Loading your subscription…
      </p>
    );
  }

  const name = planLabel(subscription.plan.name, subscription.plan_type ?? planType);
  const active = subscription.status === 'active';
  const paid = subscription.plan_type !== 'free';
  const end = subscription.current_period_end ? createdLabel(subscription.current_period_end) : null;

  const cancel = async () => {
    setStatus(null);
    try {
      const { message } = await settingsApi.cancelSubscription(subscription.id);
      setStatus(message);
    } catch (error) {
      setStatus(errorText(error, 'Failed to cancel subscription'));
    }
    await refreshSubscription();
    void useSession
      .getState()
      .reloadUser()
      .catch(() => undefined);
  };

  return (
    <div className="settings__panel">
      <TitledCard className="stack gap-3 settings__card" titleId="billing-title" title="Current plan">
        <dl className="grid gap-3 settings__facts">
          <div>
            <dt>Plan</dt>
            <dd data-testid="billing-plan">{name}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>
              <span className={`dotted subscription-status subscription-status--${active ? 'active' : 'inactive'}`} data-testid="billing-status">
                {STATUS_WORDS[subscription.status]}
              </span>
            </dd>
          </div>
          <div>
            <dt>{subscription.status === 'cancelled' ? 'Ends on' : 'Period ends'}</dt>
            <dd>{end ?? 'No end date'}</dd>
          </div>
        </dl>
        <StatusLine text={status} />
        <div className="settings__actions cluster cluster--center">
          <Link className="button button--primary" to={PRICING_HREF}>
            {paid ? 'Change plan' : 'View plans'}
          </Link>
          {paid && active ? (
            <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
              Cancel subscription
            </button>
          ) : null}
        </div>
      </TitledCard>
      <ConfirmDialog
        open={confirming}
        title="Cancel subscription"
        message={`You keep ${name} ${end ? `until ${end}` : 'until the end of the period you paid for'}; then your account moves to the Free plan.`}
        itemName={name}
        confirmLabel="Cancel subscription"
        onConfirm={cancel}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}
