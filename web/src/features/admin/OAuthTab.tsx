import './OAuthTab.css';
import { useId, useState, type FormEvent } from 'react';
import { errorText } from '../../api/client.ts';
import { useQuery } from '../../api/query.ts';
import { momentLabel } from '../../format/dates.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { InputField, VERBATIM_INPUT } from '../../ui/Field.tsx';
import { RetryMessage, StatusMessage } from './StatusMessage.tsx';
import { adminApi, type OAuthConfig, type OAuthConfigInput } from './admin-api.ts';
import { OAUTH_CONFIG_QUERY, adminChanged } from './admin-queries.ts';

type Provider = OAuthConfig['provider'];
const PROVIDERS: readonly Provider[] = ['google', 'facebook', 'twitter'];
const PROVIDER_NAMES: Record<Provider, string> = { google: 'Google', facebook: 'Facebook', twitter: 'Twitter' };

/** The form as typed; the secret always starts empty (the server only answers it masked). */
interface ProviderForm {
  provider: Provider;
  client_id: string;
  client_secret: string;
  redirect_uri: string;
  scope: string;
  auth_url: string;
  token_url: string;
  userinfo_url: string;
  is_enabled: boolean;
}

const formFrom = (provider: Provider, config: OAuthConfig | null): ProviderForm => ({
  provider,
  client_id: config?.client_id ?? '',
  client_secret: '',
  redirect_uri: config?.redirect_uri ?? '',
  scope: config?.scope ?? '',
  auth_url: config?.auth_url ?? '',
  token_url: config?.token_url ?? '',
  userinfo_url: config?.userinfo_url ?? '',
  is_enabled: config?.is_enabled ?? true,
});

/**
 * What is saved. An empty token or userinfo address is left out, so the server uses the
 * provider's public one (it would refuse '' as an address); an empty secret keeps the stored
 * one when editing (docs/admin.md#sign-in-providers).
 */
function saveBody(form: ProviderForm): Omit<OAuthConfigInput, 'provider'> {
  const optional = (value: string) => value.trim() || undefined;
  return {
    client_id: form.client_id.trim(),
    client_secret: form.client_secret.trim(),
    redirect_uri: form.redirect_uri.trim(),
    scope: form.scope.trim(),
    auth_url: form.auth_url.trim(),
    token_url: optional(form.token_url),
    userinfo_url: optional(form.userinfo_url),
    is_enabled: form.is_enabled,
  };
}

const updatedLabel = (iso: string) => (iso ? momentLabel(iso) : '—');

/** Sign-in providers: Google, Facebook and Twitter, added, edited, switched on or off, removed (docs/admin.md#sign-in-providers). */
export function OAuthTab() {
  const id = useId();
  const configs = useQuery(OAUTH_CONFIG_QUERY, adminApi.oauthConfigs);
  const [message, setMessage] = useState<string | null>(null);
  /** The open form: a configured provider to edit, or null to add one. */
  const [editing, setEditing] = useState<{ config: OAuthConfig | null } | null>(null);
  const [deleting, setDeleting] = useState<OAuthConfig | null>(null);
  const [busy, setBusy] = useState<Provider | null>(null);

  const configured = configs.data?.configs ?? [];
  const available = PROVIDERS.filter((provider) => !configured.some((config) => config.provider === provider));

  /** Runs an action on a provider, says how it went, and reads the list again. */
  const act = async (provider: Provider, action: () => Promise<{ message: string }>, fallback: string) => {
    setBusy(provider);
    try {
      setMessage((await action()).message);
      await adminChanged();
    } catch (error) {
      setMessage(errorText(error, fallback));
    } finally {
      setBusy(null);
    }
  };

  const saved = async (text: string) => {
    setEditing(null);
    setMessage(text);
    await adminChanged();
  };

  return (
    <div className="admin__section">
      <div className="admin__row cluster cluster--between gap-3">
        <p className="admin__count" aria-live="polite">
          {configs.data ? `${configured.length} of ${PROVIDERS.length} sign-in providers configured` : configs.loading ? 'Loading sign-in providers…' : ''}
        </p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            setMessage(null);
            setEditing({ config: null });
          }}
          disabled={!configs.data || available.length === 0}
          aria-describedby={configs.data && available.length === 0 ? `${id}-all` : undefined}
        >
          Add provider
        </button>
      </div>
      {configs.data && available.length === 0 ? (
        <p className="field__hint" id={`${id}-all`}>
          Google, Facebook and Twitter are all configured: edit one to change it.
        </p>
      ) : null}

      <StatusMessage text={message} />
      {configs.error !== undefined && !configs.data ? (
        <RetryMessage text={errorText(configs.error, 'Failed to fetch data')} onRetry={() => void configs.refetch()} />
      ) : null}

      {configs.data && configured.length === 0 ? (
        <div className="card oauth-empty">
          <p className="oauth-empty__title">No sign-in providers configured</p>
          <p>Add Google, Facebook or Twitter to offer it on the sign-in and registration pages.</p>
        </div>
      ) : null}

      <div className="grid grid--fill oauth-providers">
        {configured.map((config) => (
          <ProviderCard
            key={config.provider}
            config={config}
            busy={busy === config.provider}
            onEdit={() => {
              setMessage(null);
              setEditing({ config });
            }}
            onToggle={() => void act(config.provider, () => adminApi.toggleOAuth(config.provider, !config.is_enabled), 'Failed to toggle configuration')}
            onDelete={() => setDeleting(config)}
          />
        ))}
      </div>

      <Modal
        title={editing?.config ? `Edit ${PROVIDER_NAMES[editing.config.provider]} sign-in` : 'Add sign-in provider'}
        open={editing !== null}
        onClose={() => setEditing(null)}
        size="lg"
      >
        {editing ? (
          <ProviderFormView
            key={editing.config?.provider ?? 'new'}
            config={editing.config}
            available={available}
            onSaved={saved}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Modal>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete sign-in provider"
        message="Users can no longer sign in with this provider; its settings and client secret are removed."
        itemName={deleting ? PROVIDER_NAMES[deleting.provider] : undefined}
        confirmLabel="Delete provider"
        onConfirm={() => (deleting ? act(deleting.provider, () => adminApi.deleteOAuth(deleting.provider), 'Failed to delete configuration') : undefined)}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}

interface ProviderCardProps {
  config: OAuthConfig;
  busy: boolean;
  onEdit(): void;
  onToggle(): void;
  onDelete(): void;
}

function ProviderCard({ config, busy, onEdit, onToggle, onDelete }: ProviderCardProps) {
  const id = useId();
  const name = PROVIDER_NAMES[config.provider];
  const facts = [
    { label: 'Client ID', value: config.client_id },
    { label: 'Client secret', value: config.client_secret },
    { label: 'Redirect URI', value: config.redirect_uri || '—' },
    { label: 'Scope', value: config.scope },
    { label: 'Auth URL', value: config.auth_url },
    { label: 'Token URL', value: config.token_url },
    { label: 'Userinfo URL', value: config.userinfo_url },
    { label: 'Last updated', value: updatedLabel(config.updated_at) },
  ];
  return (
    <article className="card stack stack--top gap-3 oauth-provider" aria-labelledby={`${id}-name`} data-provider={config.provider}>
      <header className="oauth-provider__head cluster cluster--between">
        <h3 id={`${id}-name`} className="card__title">
          {name}
        </h3>
        <span className={`badge ${config.is_enabled ? 'badge--success' : 'badge--warning'}`}>{config.is_enabled ? 'Enabled' : 'Disabled'}</span>
      </header>
      <dl className="oauth-provider__facts">
        {facts.map((fact) => (
          <div key={fact.label} className="oauth-provider__fact">
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
      <div className="admin__actions cluster cluster--end oauth-provider__actions" role="group" aria-label={`Actions for ${name} sign-in`}>
        <button type="button" className="button button--secondary button--sm" onClick={onEdit} disabled={busy} aria-label={`Edit ${name}`}>
          Edit
        </button>
        <button
          type="button"
          className="button button--secondary button--sm"
          onClick={onToggle}
          disabled={busy}
          aria-label={`${config.is_enabled ? 'Disable' : 'Enable'} ${name}`}
        >
          {config.is_enabled ? 'Disable' : 'Enable'}
        </button>
        <button type="button" className="button button--danger button--sm" onClick={onDelete} disabled={busy} aria-label={`Delete ${name}`}>
          Delete
        </button>
      </div>
    </article>
  );
}

interface ProviderFormProps {
  /** The provider edited; null to add one of `available`. */
  config: OAuthConfig | null;
  available: readonly Provider[];
  onSaved(message: string): Promise<void>;
  onCancel(): void;
}

function ProviderFormView({ config, available, onSaved, onCancel }: ProviderFormProps) {
  const id = useId();
  const editing = config !== null;
  const [form, setForm] = useState<ProviderForm>(() => formFrom(config?.provider ?? available[0] ?? 'google', config));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof ProviderForm>(field: K, value: ProviderForm[K]) => setForm((current) => ({ ...current, [field]: value }));
  const text = (field: Exclude<keyof ProviderForm, 'provider' | 'is_enabled'>) => ({
    value: form[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
    disabled: saving,
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving || !event.currentTarget.reportValidity()) return;
    setSaving(true);
    setError(null);
    try {
      const body = saveBody(form);
      const answer = editing ? await adminApi.updateOAuth(form.provider, body) : await adminApi.addOAuth({ provider: form.provider, ...body });
      await onSaved(answer.message);
    } catch (failure) {
      setError(errorText(failure, 'Failed to save configuration'));
      setSaving(false);
    }
  };

  const providerName = PROVIDER_NAMES[form.provider];
  return (
    <form className="stack oauth-form" onSubmit={(event) => void submit(event)} aria-busy={saving}>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-provider`}>
          Provider
        </label>
        <select
          id={`${id}-provider`}
          className="select"
          value={form.provider}
          onChange={(event) => set('provider', event.target.value as Provider)}
          disabled={editing || saving}
          aria-describedby={editing ? `${id}-provider-hint` : undefined}
        >
          {(editing ? [form.provider] : available).map((provider) => (
            <option key={provider} value={provider}>
              {PROVIDER_NAMES[provider]}
            </option>
          ))}
        </select>
        {editing ? (
          <p className="field__hint" id={`${id}-provider-hint`}>
            The provider cannot change when editing.
          </p>
        ) : null}
      </div>
      <div className="grid oauth-form__grid">
        <InputField id={`${id}-client-id`} label="Client ID" required {...VERBATIM_INPUT} {...text('client_id')} />
        <InputField
          id={`${id}-client-secret`}
          label="Client secret"
          hint={editing ? `Stored: ${config.client_secret}. Leave empty to keep it.` : undefined}
          required={!editing}
          type="password"
          autoComplete="new-password"
          spellCheck={false}
          {...text('client_secret')}
        />
        <InputField
          id={`${id}-redirect`}
          label="Redirect URI"
          hint={`${providerName} sends users back here; register the same address with ${providerName}.`}
          required
          type="url"
          {...VERBATIM_INPUT}
          placeholder={`${window.location.origin}/auth/callback`}
          {...text('redirect_uri')}
        />
        <InputField id={`${id}-scope`} label="Scope" hint="Separated by spaces." required {...VERBATIM_INPUT} placeholder="email profile" {...text('scope')} />
        <InputField
          id={`${id}-auth-url`}
          label="Auth URL"
          hint={`${providerName}’s authorization address, where users sign in. Every address must be on ${providerName}’s own hosts.`}
          required
          type="url"
          {...VERBATIM_INPUT}
          placeholder="https://"
          {...text('auth_url')}
        />
        <InputField
          id={`${id}-token-url`}
          label="Token URL"
          hint={`Optional: defaults to ${providerName}’s public address.`}
          type="url"
          {...VERBATIM_INPUT}
          placeholder="https://"
          {...text('token_url')}
        />
        <InputField
          id={`${id}-userinfo-url`}
          label="Userinfo URL"
          hint={`Optional: defaults to ${providerName}’s public address.`}
          type="url"
          {...VERBATIM_INPUT}
          placeholder="https://"
          {...text('userinfo_url')}
        />
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={form.is_enabled} onChange={(event) => set('is_enabled', event.target.checked)} disabled={saving} />
        <span>Enabled: offer {providerName} on the sign-in and registration pages</span>
      </label>
      <StatusMessage text={error} />
      <div className="modal__footer cluster cluster--end">
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Saving…' : editing ? 'Save changes' : 'Add provider'}
        </button>
      </div>
    </form>
  );
}
