import { useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../api/client.ts';
import { invalidate } from '../../api/query.ts';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { InputField, VERBATIM_INPUT } from '../../ui/Field.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { SCOPE_LABELS, workspaceKeysApi, workspaceKeysQuery, type ApiKeyScope } from './workspace-keys-api.ts';

const CREATE_FAILED = 'Failed to create the API key. Please try again.';

/** What a plan without Advanced API allows; `full` when the workspace already holds its one key. */
function PlanNote({ full }: { full: boolean }) {
  return (
    <p className="workspace-keys__plan-note" role="note">
      {full
        ? 'This workspace’s plan has no Advanced API: it holds one key, and has it (in your personal workspace the account’s key counts). Revoke it to make another, or upgrade: '
        : 'This workspace’s plan has no Advanced API: it holds one key, with links and analytics scopes only. '}
      Pro and Enterprise allow several keys and every scope your role has.{' '}
      <Link to="/pricing" className="text-link">
        View pricing plans
      </Link>
    </p>
  );
}

interface NewWorkspaceKeyFormProps {
  workspaceId: number;
  /** The scopes the caller's role may give, within the plan (the server's list). */
  grantable: readonly ApiKeyScope[];
  advancedApi: boolean;
  /** False once the plan allows no more keys: the form gives way to what the plan allows. */
  roomForAnother: boolean;
}

/** A new key: a name and the scopes to give it; the key it makes is shown here once, with copy. */
export function NewWorkspaceKeyForm({ workspaceId, grantable, advancedApi, roomForAnother }: NewWorkspaceKeyFormProps) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);

  const toggle = (scope: ApiKeyScope, on: boolean) => setScopes((chosen) => (on ? [...chosen, scope] : chosen.filter((each) => each !== scope)));
  const create = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await workspaceKeysApi.create(workspaceId, name.trim(), scopes);
      setCreated({ name: answer.key.name, key: answer.api_key });
      setName('');
      setScopes([]);
      await invalidate(workspaceKeysQuery(workspaceId));
    } catch (failure) {
      setError(errorText(failure, CREATE_FAILED));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="stack gap-3">
      {created ? (
        <div className="banner banner--success workspace-keys__created" role="status">
          <div className="stack gap-2 workspace-keys__created-body">
            <p className="banner__body">
              <strong>{created.name}</strong> was created. Copy the key now: it will not be shown again.
            </p>
            <div className="cluster workspace-keys__reveal">
              <label htmlFor="workspace-key-new" className="visually-hidden">
                New API key
              </label>
              <input id="workspace-key-new" className="input api-key__value" readOnly value={created.key} data-visible="true" {...VERBATIM_INPUT} />
              <CopyButton text={() => created.key} label="Copy the new API key" />
              <button type="button" className="button button--secondary" onClick={() => setCreated(null)}>
                Done
              </button>
            </div>
          </div>
        </div>
      ) : null}
      {roomForAnother ? null : (
        <div className="stack gap-2 workspace-keys__form">
          <h3 className="workspace-keys__form-title">Create a key</h3>
          <PlanNote full />
        </div>
      )}
      {!roomForAnother ? null : (
        <form
          className="stack gap-3 workspace-keys__form"
          aria-labelledby="workspace-key-form-title"
          onSubmit={(event) => {
            event.preventDefault();
            void create();
          }}
        >
          <h3 id="workspace-key-form-title" className="workspace-keys__form-title">
            Create a key
          </h3>
          <InputField
            id="workspace-key-name"
            label="Name"
            value={name}
            onValue={setName}
            required
            maxLength={64}
            autoComplete="off"
            placeholder="e.g. Zapier"
          />
          <fieldset className="workspace-keys__scopes">
            <legend className="field__label">Scopes</legend>
            <div className="workspace-keys__scope-list">
              {grantable.map((scope) => (
                <label key={scope} className="checkbox">
                  <input type="checkbox" checked={scopes.includes(scope)} onChange={(event) => toggle(scope, event.target.checked)} />
                  <span>
                    {SCOPE_LABELS[scope]} <code className="code-inline">{scope}</code>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          {advancedApi ? null : <PlanNote full={false} />}
          {error ? (
            <p className="status-message tone-error" role="alert">
              {error}
            </p>
          ) : null}
          <div>
            <button type="submit" className="button button--primary" disabled={busy || scopes.length === 0 || !name.trim()} aria-busy={busy}>
              {busy ? <Spinner size="sm" /> : null}
              Create key
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
