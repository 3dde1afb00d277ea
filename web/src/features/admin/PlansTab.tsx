import './PlansTab.css';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { errorText } from '../../api/client.ts';
import { Modal } from '../../ui/Modal.tsx';
import { InputField } from '../../ui/Field.tsx';
import { StatusMessage } from './StatusMessage.tsx';
import { adminApi, type AdminPlan, type PlanChanges } from './admin-api.ts';
import { useAdminPlans, useFeatureList } from './FeaturesTab.tsx';
import {
  FLAG_FIELDS,
  LIMIT_FIELDS,
  changesOf,
  formOf,
  groupFeatures,
  limitLabel,
  priceLabel,
  priceProblem,
  pricesMadeFree,
  type Feature,
  type FeatureKey,
  type PlanForm,
} from './plan-form.ts';
import { plansChanged } from './admin-queries.ts';

/** A price in rupees: any decimal, as the server checks the paise (at most 2 decimals) and says so. */
const PRICE_INPUT = { type: 'number', inputMode: 'decimal', min: 0, step: 'any' } as const;

/** The plans of the catalogue, inactive ones included, each editable (docs/admin.md#plans-and-features). */
export function PlansTab() {
  const plans = useAdminPlans();
  const features = useFeatureList();
  const [editing, setEditing] = useState<AdminPlan | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const names = useMemo(() => new Map((features.data ?? []).map((feature) => [feature.key, feature.name])), [features.data]);

  return (
    <div className="admin__section">
      <StatusMessage text={message} />
      {plans.error !== undefined && !plans.data ? <StatusMessage text={errorText(plans.error, 'Failed to fetch plans')} /> : null}
      {features.error !== undefined && !features.data ? <StatusMessage text={errorText(features.error, 'Failed to fetch features')} /> : null}
      <p className="admin__count" aria-live="polite">
        {plans.data ? `${plans.data.plans.length} ${plans.data.plans.length === 1 ? 'plan' : 'plans'}` : plans.loading ? 'Loading plans…' : null}
      </p>
      <div className="grid grid--fill admin-plans">
        {(plans.data?.plans ?? []).map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            featureName={(key) => names.get(key) ?? key}
            onEdit={() => {
              setMessage(null);
              setEditing(plan);
            }}
          />
        ))}
      </div>
      <Modal title={editing ? `Edit ${editing.display_name}` : 'Edit plan'} open={editing !== null} onClose={() => setEditing(null)} size="lg">
        {editing ? (
          <PlanEditor
            key={editing.id}
            plan={editing}
            features={features.data}
            featuresLoading={features.loading}
            onCancel={() => setEditing(null)}
            onSaved={(text) => {
              setEditing(null);
              setMessage(text);
            }}
          />
        ) : null}
      </Modal>
    </div>
  );
}

function PlanCard({ plan, featureName, onEdit }: { plan: AdminPlan; featureName(key: string): string; onEdit(): void }) {
  const titleId = useId();
  return (
    <article className="card stack stack--top admin-plan" aria-labelledby={titleId} data-plan={plan.name}>
      <header className="cluster cluster--between cluster--top admin-plan__header">
        <div>
          <h2 id={titleId} className="card__title">
            {plan.display_name}
          </h2>
          <p className="card__subtitle">
            <code className="code-inline">{plan.name}</code>
          </p>
        </div>
        <ul className="plan-badges" aria-label={`Flags of ${plan.display_name}`}>
          <li>
            <span className={`badge ${plan.is_active ? 'badge--success' : 'badge--danger'}`}>{plan.is_active ? 'Active' : 'Inactive'}</span>
          </li>
          {plan.is_featured ? (
            <li>
              <span className="badge badge--info">Featured</span>
            </li>
          ) : null}
          {plan.popular ? (
            <li>
              <span className="badge badge--info">Popular</span>
            </li>
          ) : null}
          {plan.is_unlimited ? (
            <li>
              <span className="badge badge--info">Unlimited</span>
            </li>
          ) : null}
        </ul>
      </header>

      <dl className="admin-plan__list">
        <div>
          <dt>Monthly price</dt>
          <dd>{priceLabel(plan.price_monthly)}</dd>
        </div>
        <div>
          <dt>Yearly price</dt>
          <dd>{plan.price_yearly === null ? 'None' : priceLabel(plan.price_yearly)}</dd>
        </div>
      </dl>

      <div>
        <h3 className="admin-plan__heading">Limits</h3>
        <dl className="admin-plan__list">
          {LIMIT_FIELDS.map(({ key, label }) => (
            <div key={key}>
              <dt>{label}</dt>
              <dd>{limitLabel(plan[key])}</dd>
            </div>
          ))}
        </dl>
      </div>

      <div>
        <h3 className="admin-plan__heading">Features ({plan.features.length})</h3>
        {plan.features.length === 0 ? (
          <p className="admin-plan__none">No features</p>
        ) : (
          <ul className="plan-badges">
            {plan.features.map((key) => (
              <li key={key}>
                <span className="badge">{featureName(key)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>

      <button type="button" className="button button--secondary admin-plan__edit" onClick={onEdit}>
        Edit<span className="visually-hidden"> the {plan.display_name} plan</span>
      </button>
    </article>
  );
}

interface PlanEditorProps {
  plan: AdminPlan;
  /** The feature catalogue, or undefined when it could not be read (the plan's features then stay as they are). */
  features: Feature[] | undefined;
  featuresLoading: boolean;
  onCancel(): void;
  onSaved(message: string): void;
}

/** The edit form: sends only what changed; a refusal (e.g. a price on the free plan) stays in the dialog. */
function PlanEditor({ plan, features, featuresLoading, onCancel, onSaved }: PlanEditorProps) {
  const id = useId();
  const [form, setForm] = useState<PlanForm>(() => formOf(plan));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The price boxes this edit sets to 0, waiting for the admin to confirm a free plan.
  const [freeAsked, setFreeAsked] = useState<string[]>([]);

  // The value, change and lock of a text field of the plan itself.
  const text = (key: 'display_name' | 'price_monthly' | 'price_yearly') => ({
    value: form[key],
    onValue: (value: string) => setForm((current) => ({ ...current, [key]: value })),
    disabled: busy,
  });
  const setLimit = (key: keyof PlanForm['limits'], value: string) => setForm((current) => ({ ...current, limits: { ...current.limits, [key]: value } }));
  const setFlag = (key: keyof PlanForm['flags'], value: boolean) => setForm((current) => ({ ...current, flags: { ...current.flags, [key]: value } }));
  // The keys come from the server's own catalogue, so they are feature keys.
  const toggleFeature = (key: string, on: boolean) =>
    setForm((current) => ({ ...current, features: on ? [...current.features, key as FeatureKey] : current.features.filter((granted) => granted !== key) }));

  const save = async (changes: PlanChanges) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await adminApi.updatePlan(plan.id, changes);
      onSaved(answer.message);
      await plansChanged();
    } catch (failure) {
      setError(errorText(failure, 'Failed to update plan'));
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = priceProblem(form);
    if (problem) return setError(problem);
    const changes = changesOf(plan, form);
    // Nothing changed: nothing to send, as the server would record nothing either.
    if (Object.keys(changes).length === 0) return onCancel();
    const madeFree = pricesMadeFree(plan, changes);
    if (madeFree.length > 0) {
      setError(null);
      return setFreeAsked(madeFree);
    }
    await save(changes);
  };

  const confirmFree = async () => {
    setFreeAsked([]);
    await save({ ...changesOf(plan, form), confirm_free_price: true });
  };

  return (
    <form className="plan-form" onSubmit={(event) => void submit(event)} aria-busy={busy}>
      <InputField id={`${id}-name`} label="Display name" type="text" required maxLength={40} {...text('display_name')} />

      <div className="grid grid--fill gap-3 plan-form__grid">
        <InputField id={`${id}-monthly`} label="Monthly price (₹)" {...PRICE_INPUT} {...text('price_monthly')} />
        <InputField id={`${id}-yearly`} label="Yearly price (₹)" hint="Leave empty for no yearly price." {...PRICE_INPUT} {...text('price_yearly')} />
      </div>

      <fieldset className="plan-form__fieldset" aria-describedby={`${id}-limits-hint`}>
        <legend>Limits</legend>
        <p className="field__hint" id={`${id}-limits-hint`}>
          Whole numbers; -1 means unlimited.
        </p>
        <div className="grid grid--fill gap-3 plan-form__grid">
          {LIMIT_FIELDS.map(({ key, label }) => (
            <InputField
              key={key}
              id={`${id}-${key}`}
              label={label}
              type="number"
              inputMode="numeric"
              min={-1}
              step={1}
              value={form.limits[key]}
              onChange={(event) => setLimit(key, event.target.value)}
              disabled={busy}
            />
          ))}
        </div>
      </fieldset>

      <fieldset className="plan-form__fieldset">
        <legend>Flags</legend>
        <div className="grid grid--fill gap-3 plan-form__checks">
          {FLAG_FIELDS.map(({ key, label, hint }) => (
            <div key={key}>
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={form.flags[key]}
                  onChange={(event) => setFlag(key, event.target.checked)}
                  aria-describedby={`${id}-${key}-hint`}
                  disabled={busy}
                />
                <span>{label}</span>
              </label>
              <p className="field__hint plan-form__check-hint" id={`${id}-${key}-hint`}>
                {hint}
              </p>
            </div>
          ))}
        </div>
      </fieldset>

      <fieldset className="plan-form__fieldset">
        <legend>Features</legend>
        {features ? (
          groupFeatures(features).map((group) => (
            <fieldset key={group.category} className="plan-form__group">
              <legend>{group.label}</legend>
              <div className="grid grid--fill gap-3 plan-form__checks">
                {group.features.map((feature) => (
                  <label key={feature.key} className="checkbox">
                    <input
                      type="checkbox"
                      checked={(form.features as readonly string[]).includes(feature.key)}
                      onChange={(event) => toggleFeature(feature.key, event.target.checked)}
                      disabled={busy}
                    />
                    <span>{feature.name}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          ))
        ) : (
          <p className="field__hint">
            {featuresLoading ? 'Loading the feature list…' : 'The feature list could not be read, so the plan’s features stay as they are.'}
          </p>
        )}
      </fieldset>

      <StatusMessage text={error} />
      {freeAsked.length > 0 ? (
        <div className="plan-form__free" role="alert">
          <p>
            {freeAsked.join(' and ')} {freeAsked.length === 1 ? 'is' : 'are'} 0: {plan.display_name} becomes free, and everyone who takes it from now on pays
            nothing.
          </p>
          <div className="plan-form__actions cluster cluster--end">
            <button type="button" className="button button--secondary" onClick={() => setFreeAsked([])} disabled={busy}>
              Keep editing
            </button>
            <button type="button" className="button button--danger" onClick={() => void confirmFree()} disabled={busy}>
              Make {plan.display_name} free
            </button>
          </div>
        </div>
      ) : (
        <div className="plan-form__actions cluster cluster--end">
          <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save changes'}
          </button>
        </div>
      )}
    </form>
  );
}
