import './UserLimitsTab.css';
import { useId, useState, type FormEvent } from 'react';
import { errorText } from '../../api/client.ts';
import { setQueryData, useQuery } from '../../api/query.ts';
import { limitLabel, planLabel } from '../billing/index.ts';
import { StatusMessage } from './StatusMessage.tsx';
import { adminApi, type UserLimits } from './admin-api.ts';
import { InputField } from '../../ui/Field.tsx';
import { LookupForm, useUserLookup } from './UserLookup.tsx';
import { MAX_LIMIT, NOT_WHOLE, limitText, parseLimitInput } from './limit-input.ts';
import { adminChanged, userLimitsQuery } from './admin-queries.ts';

const FIELDS = [
  { key: 'custom_monthly_links_limit', current: 'monthly_links', label: 'Monthly links' },
  { key: 'custom_api_calls_per_minute', current: 'api_calls_per_minute', label: 'API calls per minute' },
  { key: 'custom_custom_domains_limit', current: 'custom_domains', label: 'Custom domains' },
  { key: 'custom_seats_limit', current: 'seats', label: 'Workspace seats' },
  { key: 'custom_analytics_retention_days', current: 'analytics_retention_days', label: 'Analytics retention (days)' },
] as const;
type FieldKey = (typeof FIELDS)[number]['key'];

const NO_LIMITS_YET = 'Please get user limits first';

/** One user's own limits in place of their plan's, found by e-mail (docs/admin.md#per-user-limits). */
export function UserLimitsTab() {
  const lookup = useUserLookup();
  const { found, message, setMessage, lookups } = lookup;
  const limits = useQuery(userLimitsQuery(found?.id ?? null), () => (found ? adminApi.limits(found.id) : Promise.resolve(null)), { enabled: found !== null });

  const current = found && limits.data && limits.data.user_id === found.id ? limits.data : null;
  return (
    <div className="admin__section">
      <LookupForm lookup={lookup} submitLabel="Get limits" reread={limits.refetch} />

      <StatusMessage text={message} />
      {found && limits.error !== undefined && !current ? <StatusMessage text={errorText(limits.error, 'Failed to fetch user limits')} /> : null}
      {found && limits.loading ? <p className="admin__count">Loading limits…</p> : null}

      {/* Keyed by the look-up count and the server's figures: a look-up (the same user's again too), an update or a reset fills the form afresh. */}
      <LimitsForm key={current ? `${lookups}:${JSON.stringify(current)}` : 'none'} limits={current} onMessage={setMessage} />
    </div>
  );
}

interface LimitsFormProps {
  /** null until a user's limits are read. */
  limits: UserLimits | null;
  onMessage(text: string): void;
}

function LimitsForm({ limits, onMessage }: LimitsFormProps) {
  const id = useId();
  const [texts, setTexts] = useState<Record<FieldKey, string>>(() => ({
    custom_monthly_links_limit: limitText(limits?.custom_monthly_links_limit ?? null),
    custom_api_calls_per_minute: limitText(limits?.custom_api_calls_per_minute ?? null),
    custom_custom_domains_limit: limitText(limits?.custom_custom_domains_limit ?? null),
    custom_seats_limit: limitText(limits?.custom_seats_limit ?? null),
    custom_analytics_retention_days: limitText(limits?.custom_analytics_retention_days ?? null),
  }));
  // A number field reports '' for text it cannot read ("1-"): remembered, so it is refused rather than sent as the plan's.
  const [unreadable, setUnreadable] = useState<Partial<Record<FieldKey, boolean>>>({});
  const [unlimited, setUnlimited] = useState(limits?.is_unlimited_user ?? false);
  const [errors, setErrors] = useState<Partial<Record<FieldKey, string>>>({});
  const [busy, setBusy] = useState(false);

  const send = async (body: Record<FieldKey, number | null> & { is_unlimited_user: boolean }, success: string, fallback: string) => {
    if (!limits) return;
    setBusy(true);
    try {
      const answer = await adminApi.setLimits(limits.user_id, body);
      onMessage(success);
      setQueryData<UserLimits>(userLimitsQuery(limits.user_id), () => answer);
      await adminChanged();
    } catch (error) {
      onMessage(errorText(error, fallback));
    } finally {
      setBusy(false);
    }
  };

  const update = (event: FormEvent) => {
    event.preventDefault();
    if (!limits) return onMessage(NO_LIMITS_YET);
    const problems: Partial<Record<FieldKey, string>> = {};
    const body = { is_unlimited_user: unlimited } as Record<FieldKey, number | null> & { is_unlimited_user: boolean };
    for (const field of FIELDS) {
      const parsed = unreadable[field.key] ? ({ ok: false, error: NOT_WHOLE } as const) : parseLimitInput(texts[field.key]);
      if (parsed.ok) body[field.key] = parsed.value;
      else problems[field.key] = parsed.error;
    }
    setErrors(problems);
    if (Object.keys(problems).length === 0) void send(body, 'User limits updated successfully', 'Failed to update user limits');
  };

  const reset = () => {
    if (!limits) return onMessage(NO_LIMITS_YET);
    setErrors({});
    void send(
      {
        custom_monthly_links_limit: null,
        custom_api_calls_per_minute: null,
        custom_custom_domains_limit: null,
        custom_seats_limit: null,
        custom_analytics_retention_days: null,
        is_unlimited_user: false,
      },
      'User limits reset successfully',
      'Failed to reset user limits',
    );
  };

  return (
    <form className="card admin__card" aria-labelledby={`${id}-title`} onSubmit={update} noValidate>
      <div>
        <h2 id={`${id}-title`} className="card__title user-limits__title">
          {limits ? `Limits of ${limits.email}` : 'User limits'}
        </h2>
        <p className="card__subtitle">Empty or 0 keeps the plan’s figure; -1 is unlimited. They stay when the plan changes.</p>
      </div>

      {limits ? (
        <dl className="user-limits__in-force" aria-label="Plan and limits in force">
          <div>
            <dt>Plan</dt>
            <dd>{planLabel(limits.plan_type, null)}</dd>
          </div>
          {FIELDS.map((field) => (
            <div key={field.key}>
              <dt>{field.label}</dt>
              <dd>{limitLabel(limits.current_limits[field.current])}</dd>
            </div>
          ))}
        </dl>
      ) : null}

      <div className="user-limits__fields">
        {FIELDS.map((field) => (
          <InputField
            key={field.key}
            id={`${id}-${field.key}`}
            label={field.label}
            error={errors[field.key]}
            type="number"
            min={-1}
            max={MAX_LIMIT}
            step={1}
            value={texts[field.key]}
            onChange={(event) => {
              const { value, validity } = event.target;
              setTexts((before) => ({ ...before, [field.key]: value }));
              setUnreadable((before) => ({ ...before, [field.key]: validity.badInput }));
            }}
          />
        ))}
      </div>

      <label className="checkbox">
        <input type="checkbox" checked={unlimited} onChange={(event) => setUnlimited(event.target.checked)} />
        <span>Unlimited user (lifts every limit, whatever the figures above)</span>
      </label>

      <div className="user-limits__buttons cluster">
        <button type="submit" className="button button--primary" disabled={busy}>
          Update limits
        </button>
        <button type="button" className="button button--secondary" onClick={reset} disabled={busy}>
          Reset to plan
        </button>
      </div>
    </form>
  );
}
