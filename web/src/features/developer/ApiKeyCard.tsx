import { useId, useState } from 'react';
import { maskApiKey } from './api-key.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { AlertIcon, EyeIcon, EyeOffIcon, KeyIcon, RefreshIcon } from '../../ui/icons.tsx';
import { CardHead } from './CardHead.tsx';
import { toast } from '../../ui/toasts.ts';
import { KEY_REVOKED, type ApiKeyState } from './useApiKey.ts';
import { VERBATIM_INPUT } from '../../ui/Field.tsx';

/**
 * The key itself: masked with show/hide, copy (2-second "Copied"), and regenerate behind the
 * generic confirmation. Shared by the API Keys page and the Developer Tools API tab.
 */
export function ApiKeyCard({ state }: { state: ApiKeyState }) {
  const [confirming, setConfirming] = useState(false);
  const keyId = useId();
  const key = state.response?.api_key ?? '';

  const [creating, setCreating] = useState(false);
  const create = async () => {
    setCreating(true);
    if (await state.create()) {
      state.setVisible(true);
      toast('API Key Created', 'success', 'Copy it into your integrations; you can see it here whenever you need it.');
    }
    setCreating(false);
  };

  const regenerate = async () => {
    if (await state.regenerate()) {
      state.setVisible(true);
      toast('API Key Regenerated', 'success', 'The previous key no longer works. Update your integrations with the new one.');
    }
  };

  return (
    <section className="card api-key-card" aria-labelledby={`${keyId}-title`} aria-busy={state.loading}>
      <CardHead
        block="api-key-card"
        id={`${keyId}-title`}
        icon={<KeyIcon />}
        title="Your API key"
        subtitle={
          <>
            Send it as the <code className="code-inline">X-API-Key</code> header. It acts as you: keep it secret.
          </>
        }
      />

      {state.error ? (
        <div className="banner banner--error" role="alert">
          <AlertIcon />
          <p className="banner__body">{state.error}</p>
          {!key ? (
            <button type="button" className="button button--secondary button--sm" onClick={state.reload}>
              Try again
            </button>
          ) : null}
        </div>
      ) : null}

      {state.revoked && !key && !state.loading ? (
        <div className="banner banner--warning" role="status">
          <KeyIcon />
          <p className="banner__body">{KEY_REVOKED}</p>
          <button type="button" className="button button--primary button--sm" disabled={creating} aria-busy={creating} onClick={() => void create()}>
            Create a new API key
          </button>
        </div>
      ) : null}

      {state.generated ? (
        <div className="banner banner--success" role="status">
          <p className="banner__body">Your first API key was created. Copy it into your integration; you can see it here whenever you need it.</p>
        </div>
      ) : null}

      {state.loading ? (
        <div className="api-key-card__loading" role="status">
          <span className="skeleton" style={{ height: '2.75rem' }} aria-hidden="true" />
          <span className="visually-hidden">Loading your API key…</span>
        </div>
      ) : key ? (
        <>
          <div className="api-key cluster">
            <label htmlFor={keyId} className="visually-hidden">
              API key
            </label>
            <input
              id={keyId}
              className="input api-key__value"
              readOnly
              value={state.visible ? key : maskApiKey(key)}
              data-visible={state.visible}
              {...VERBATIM_INPUT}
              onFocus={(event) => state.visible && event.currentTarget.select()}
            />
            <div className="api-key__actions cluster">
              <button type="button" className="button button--secondary" aria-pressed={state.visible} onClick={() => state.setVisible(!state.visible)}>
                {state.visible ? <EyeOffIcon /> : <EyeIcon />}
                {state.visible ? 'Hide' : 'Show'}
                <span className="visually-hidden"> API key</span>
              </button>
              <CopyButton text={() => key} label="Copy API key" />
              <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
                <RefreshIcon />
                Regenerate
              </button>
            </div>
          </div>
          <p className="api-key-card__note">Regenerating replaces this key at once: anything still using the old key gets 401 Unauthorized.</p>
        </>
      ) : null}

      <ConfirmDialog
        open={confirming}
        title="Regenerate API key?"
        message="Your current API key will be deleted and replaced by a new one. Scripts and integrations that use it stop working until you give them the new key."
        itemName={maskApiKey(key)}
        onConfirm={regenerate}
        onClose={() => setConfirming(false)}
      />
    </section>
  );
}
