import './SubscriptionsTab.css';
import { useId, useState, type FormEvent } from 'react';
import { errorText } from '../../api/client.ts';
import { invalidate, useQuery } from '../../api/query.ts';
import type { Subscription } from '../../api/types.ts';
import { createdLabel, momentLabel } from '../../format/dates.ts';
import { limitLabel, planLabel } from '../billing/index.ts';
import { StatusMessage } from './StatusMessage.tsx';
import { PlanChangeConfirmation } from './UserConfirmations.tsx';
import { SubscriptionPayments } from './SubscriptionPayments.tsx';
import { adminApi, type SubscriptionHistory } from './admin-api.ts';
import { LookupForm, useUserLookup } from './UserLookup.tsx';
import { WorkspacePayments } from './WorkspacePayments.tsx';
import { adminChanged, subscriptionHistoryQuery, subscriptionQuery, paymentsQuery } from './admin-queries.ts';
import type { TableColumn } from '../../ui/TableHead.tsx';
import { ListTable } from '../../ui/ListTable.tsx';
import { TitledCard } from '../../ui/TitledCard.tsx';

const HISTORY_COLUMNS: readonly TableColumn[] = ['Plan', 'Status', 'Cycle', 'Reason', 'Date'];

/** The plans a user can be put on (docs/plans.md#changing-a-users-plan). */
const PLANS = ['free', 'pro', 'enterprise'] as const;
const REASONS: Record<string, string> = { payment: 'Payment', admin: 'Changed by an admin', cancelled: 'Cancelled', expired: 'Expired' };

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function StatusBadge({ status }: { status: string }) {
  return <span className={`badge badge--${status === 'active' ? 'success' : 'danger'}`}>{capitalised(status)}</span>;
}

/** One user's subscription, its history, their payments and a plan change, found by e-mail; and a team workspace's payments, found by slug (docs/admin.md#subscriptions). */
export function SubscriptionsTab() {
  const lookup = useUserLookup();
  const { found, message, setMessage } = lookup;
  const userId = found?.id ?? null;
  const subscription = useQuery(subscriptionQuery(userId), () => (userId === null ? Promise.resolve(null) : adminApi.subscription(userId)), {
    enabled: userId !== null,
  });
  const history = useQuery(subscriptionHistoryQuery(userId), () => (userId === null ? Promise.resolve(null) : adminApi.subscriptionHistory(userId)), {
    enabled: userId !== null,
  });

  const changePlan = async (planType: string) => {
    if (userId === null) return;
    try {
      setMessage((await adminApi.changePlan(userId, planType)).message);
      await adminChanged();
    } catch (error) {
      setMessage(errorText(error, 'Failed to change user plan'));
    }
  };

  return (
    <div className="admin__section">
      <LookupForm
        lookup={lookup}
        submitLabel="Get subscription"
        reread={() => Promise.all([subscription.refetch(), history.refetch(), invalidate(paymentsQuery('users', userId))])}
      />

      <StatusMessage text={message} />

      {found ? (
        <>
          {subscription.data ? (
            <SubscriptionCard
              key={`${found.id}:${subscription.data.plan_type}`}
              userId={found.id}
              email={found.email}
              subscription={subscription.data}
              onChangePlan={changePlan}
            />
          ) : subscription.error !== undefined ? (
            <StatusMessage text={errorText(subscription.error, 'Failed to fetch user subscription')} />
          ) : (
            <p className="admin__count">Loading subscription…</p>
          )}
          {history.data ? (
            <HistoryTable email={found.email} history={history.data.history} />
          ) : history.error !== undefined ? (
            <StatusMessage text={errorText(history.error, 'Failed to fetch subscription history')} />
          ) : (
            <p className="admin__count">Loading history…</p>
          )}
          <SubscriptionPayments key={found.id} subject={{ of: 'users', id: found.id, email: found.email }} />
        </>
      ) : null}
      <WorkspacePayments />
    </div>
  );
}

interface SubscriptionCardProps {
  userId: number;
  email: string;
  subscription: Subscription;
  onChangePlan(planType: string): Promise<void>;
}

function SubscriptionCard({ userId, email, subscription, onChangePlan }: SubscriptionCardProps) {
  const id = useId();
  const [plan, setPlan] = useState<string>(subscription.plan_type);
  // The change asks first: it ends a paid period without credit (docs/admin.md#plans-and-features).
  const [confirming, setConfirming] = useState(false);
  const { usage, limits } = subscription;

  const change = (event: FormEvent) => {
    event.preventDefault();
    setConfirming(true);
  };

  const facts = [
    { term: 'Plan', value: subscription.plan.display_name },
    { term: 'Status', value: <StatusBadge status={subscription.status} /> },
    { term: 'Billing cycle', value: capitalised(subscription.billing_cycle) },
    { term: 'Period start', value: createdLabel(subscription.current_period_start) },
    { term: 'Period end', value: subscription.current_period_end ? createdLabel(subscription.current_period_end) : 'No end date' },
    { term: 'Links this month', value: `${usage.links_created.toLocaleString('en-IN')} of ${limitLabel(limits.monthly_links)}` },
    { term: 'API calls this month', value: usage.api_calls.toLocaleString('en-IN') },
    { term: 'Total clicks', value: usage.total_clicks.toLocaleString('en-IN') },
    { term: 'API calls per minute', value: limitLabel(limits.api_calls_per_minute) },
    { term: 'Custom domains', value: limitLabel(limits.custom_domains) },
    { term: 'Usage resets', value: createdLabel(subscription.usage_resets_at) },
  ];

  return (
    <section className="card admin__card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title subscriptions__title">
        Subscription of {email}
      </h2>
      <dl className="grid gap-3 subscriptions__facts">
        {facts.map((fact) => (
          <div key={fact.term}>
            <dt>{fact.term}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
      <form className="admin__toolbar cluster cluster--bottom gap-3" onSubmit={change}>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-plan`}>
            New plan
          </label>
          <select id={`${id}-plan`} className="select" value={plan} onChange={(event) => setPlan(event.target.value)}>
            {PLANS.map((name) => (
              <option key={name} value={name}>
                {planLabel(name, null)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--primary" disabled={confirming}>
          Change plan
        </button>
      </form>
      {confirming ? (
        <PlanChangeConfirmation
          user={{ id: userId, email, plan_type: subscription.plan_type }}
          plan={plan}
          onConfirm={() => onChangePlan(plan)}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </section>
  );
}

function HistoryTable({ email, history }: { email: string; history: SubscriptionHistory }) {
  const id = useId();
  // The server answers newest first; sorted here too (by position in the stream) so the table never depends on it.
  const rows = [...history].sort((a, b) => b.id - a.id);
  return (
    <TitledCard className="admin__card" titleId={`${id}-title`} title="Subscription history">
      {rows.length === 0 ? (
        <p className="admin__count">No plan changes recorded for this user.</p>
      ) : (
        <ListTable
          className="table table--stacked admin__table"
          caption={`Plan changes of ${email}, newest first`}
          columns={HISTORY_COLUMNS}
          testId="subscription-history"
        >
          {rows.map((row) => (
            <tr key={row.id}>
              <td data-label="Plan">{planLabel(row.plan_name, null)}</td>
              <td data-label="Status">
                <StatusBadge status={row.status} />
              </td>
              <td data-label="Cycle">{capitalised(row.billing_cycle)}</td>
              <td data-label="Reason">{REASONS[row.reason] ?? row.reason}</td>
              <td data-label="Date" className="subscriptions__date">
                {momentLabel(row.created_at)}
              </td>
            </tr>
          ))}
        </ListTable>
      )}
    </TitledCard>
  );
}
