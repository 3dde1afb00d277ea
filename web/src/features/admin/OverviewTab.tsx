import { useEffect, useState } from 'react';
import { errorText } from '../../api/client.ts';
import { useQuery } from '../../api/query.ts';
import { countLabel } from '../../format/numbers.ts';
import { RetryMessage, StatusMessage } from './StatusMessage.tsx';
import { adminApi } from './admin-api.ts';
import { useRefetchEvery } from './use-refetch-every.ts';
import { ADMIN_STATS_QUERY, SIGNUP_STATUS_QUERY } from './admin-queries.ts';
import { TitledCard } from '../../ui/TitledCard.tsx';

/** The sign-up switch's confirmation shows this long (docs/accounts.md#the-sign-up-switch). */
const CONFIRMATION_MS = 3000;

/** Totals of the platform, live, and the sign-up switch. */
export function OverviewTab() {
  const stats = useQuery(ADMIN_STATS_QUERY, adminApi.stats);
  useRefetchEvery(stats.refetch);
  const tiles = [
    { label: 'Total Users', value: stats.data?.total_users },
    { label: 'Total URLs', value: stats.data?.total_urls },
    { label: 'Total Clicks', value: stats.data?.total_clicks },
    { label: 'New Users This Month', value: stats.data?.new_users_this_month },
  ];
  return (
    <div className="admin__section">
      {stats.error !== undefined && !stats.data ? <StatusMessage text={errorText(stats.error, 'Failed to fetch data')} /> : null}
      <div className="tiles admin__tiles" aria-busy={stats.loading}>
        {tiles.map((tile) => (
          <div key={tile.label} className="tile" data-tile={tile.label}>
            <p className="tile__label">{tile.label}</p>
            <p className="tile__value">{tile.value === undefined ? '—' : countLabel(tile.value)}</p>
          </div>
        ))}
      </div>
      <SignupSwitch />
    </div>
  );
}

function SignupSwitch() {
  const status = useQuery(SIGNUP_STATUS_QUERY, adminApi.signupStatus);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [message]);

  const toggle = async () => {
    setBusy(true);
    try {
      const answer = await adminApi.toggleSignup();
      setMessage(answer.signup_enabled ? 'Registration enabled successfully' : 'Registration disabled successfully');
      await status.refetch();
    } catch (error) {
      setMessage(errorText(error, 'Failed to toggle signup status'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <TitledCard className="admin__card" titleId="signup-switch" title="New registrations">
      {status.error !== undefined && !status.data ? (
        <RetryMessage text={errorText(status.error, 'Failed to fetch signup status')} onRetry={() => void status.refetch()} />
      ) : status.data ? (
        <div className="admin__row cluster cluster--between gap-3">
          <p>{status.data.message}</p>
          <button
            type="button"
            className={`button ${status.data.signup_enabled ? 'button--danger' : 'button--primary'}`}
            onClick={() => void toggle()}
            disabled={busy}
          >
            {status.data.signup_enabled ? 'Disable registration' : 'Enable registration'}
          </button>
        </div>
      ) : (
        <p>Loading…</p>
      )}
      <StatusMessage text={message} />
    </TitledCard>
  );
}
