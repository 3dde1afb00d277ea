import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../api/client.ts';
import { invalidate, useQuery } from '../../api/query.ts';
import { momentLabel } from '../../format/dates.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { toast } from '../../ui/toasts.ts';
import { API_KEY_QUERY } from '../developer/index.ts';
import { SESSIONS_QUERY, settingsApi, type Session } from './settings-api.ts';
import { PASSWORD_FAILED, passwordFormError } from './settings-messages.ts';
import { StatusLine } from './StatusLine.tsx';
import { SecondFactorCard } from './SecondFactorCard.tsx';
import { SubmitRow } from './SubmitRow.tsx';

/** The password form, two-step verification, then the account's signed-in sessions (docs/accounts.md#changing-the-password, #second-factor, #active-sessions). */
export function SecurityTab() {
  return (
    <div className="settings__panel">
      <PasswordForm />
      <SecondFactorCard />
      <SessionsList />
    </div>
  );
}

function PasswordForm() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  // On by default: a key made by whoever knew the old password should stop with it.
  const [revokeApiKeys, setRevokeApiKeys] = useState(true);
  const [status, setStatus] = useState<string | null>(null);
  const [keyRevoked, setKeyRevoked] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = passwordFormError(currentPassword, newPassword, confirmPassword);
    if (problem) return setStatus(problem);
    setBusy(true);
    setStatus(null);
    setKeyRevoked(false);
    try {
      const { message, api_key_revoked } = await settingsApi.changePassword(currentPassword, newPassword, revokeApiKeys);
      setStatus(message);
      setKeyRevoked(api_key_revoked);
      setCurrentPassword('');
      setNewPassword('');
      setConfirmPassword('');
      // The other sessions ended with the change, and the key with it when asked.
      void invalidate(SESSIONS_QUERY);
      if (api_key_revoked) void invalidate(API_KEY_QUERY);
    } catch (error) {
      setStatus(errorText(error, PASSWORD_FAILED));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card stack gap-3 settings__card" noValidate onSubmit={(event) => void submit(event)} aria-labelledby="password-title">
      <h2 id="password-title" className="card__title">
        Change password
      </h2>
      <p className="card__subtitle">Changing it signs out every other device; this one stays signed in.</p>
      <div className="grid gap-3 settings__grid settings__grid--narrow">
        <PasswordInput
          id="settings-current-password"
          name="currentPassword"
          label="Current password"
          value={currentPassword}
          onChange={setCurrentPassword}
          autoComplete="current-password"
        />
        <PasswordInput
          id="settings-new-password"
          name="newPassword"
          label="New password"
          value={newPassword}
          onChange={setNewPassword}
          autoComplete="new-password"
        />
        <PasswordInput
          id="settings-confirm-password"
          name="confirmPassword"
          label="Confirm new password"
          value={confirmPassword}
          onChange={setConfirmPassword}
          autoComplete="new-password"
        />
      </div>
      <label className="checkbox">
        <input type="checkbox" name="revokeApiKeys" checked={revokeApiKeys} onChange={(event) => setRevokeApiKeys(event.target.checked)} />
        <span>Also revoke my API key (integrations using it stop until you give them a new one)</span>
      </label>
      <StatusLine text={status} />
      {keyRevoked ? (
        <p className="field__hint">
          <Link to="/api-keys">Create a new API key</Link> when your integrations need one.
        </p>
      ) : null}
      <SubmitRow busy={busy} tone="primary">
        Update password
      </SubmitRow>
    </form>
  );
}

function PasswordInput(props: { id: string; name: string; label: string; value: string; onChange(value: string): void; autoComplete: string }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={props.id}>
        {props.label}
      </label>
      <input
        id={props.id}
        name={props.name}
        className="input"
        type="password"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        autoComplete={props.autoComplete}
      />
    </div>
  );
}

const DEVICE_WORDS: Record<Session['device'], string> = { desktop: 'Computer', mobile: 'Phone', tablet: 'Tablet', other: 'Other device' };

/** "Firefox on Linux": what a person recognises their device by. */
const sessionLabel = (session: Session) =>
  `${session.browser === 'Other' ? 'Unknown browser' : session.browser} on ${session.os === 'Other' ? 'an unknown system' : session.os}`;

function SessionsList() {
  const { data, error, refetch } = useQuery(SESSIONS_QUERY, settingsApi.sessions);
  const [ending, setEnding] = useState<Session | null>(null);
  const [endOthers, setEndOthers] = useState(false);
  const sessions = data?.sessions ?? [];
  const others = sessions.filter((session) => !session.current);

  const signOut = async (session: Session) => {
    try {
      const { message } = await settingsApi.signOutSession(session.jti);
      toast('Signed out', 'success', message);
    } catch (problem) {
      toast('Failed to sign out the session', 'error', errorText(problem, 'Please try again.'));
    }
    await invalidate(SESSIONS_QUERY);
  };
  const signOutOthers = async () => {
    try {
      const { message } = await settingsApi.signOutOthers();
      toast('Signed out', 'success', message);
    } catch (problem) {
      toast('Failed to sign out the other sessions', 'error', errorText(problem, 'Please try again.'));
    }
    await invalidate(SESSIONS_QUERY);
  };

  return (
    <section className="card stack gap-3 settings__card" aria-labelledby="sessions-title">
      <div className="settings__card-head cluster cluster--between">
        <h2 id="sessions-title" className="card__title">
          Where you are signed in
        </h2>
        {others.length > 0 ? (
          <button type="button" className="button button--secondary button--sm" onClick={() => setEndOthers(true)}>
            Sign out all other sessions
          </button>
        ) : null}
      </div>
      {!data ? (
        error !== undefined ? (
          <div className="settings__actions cluster cluster--center">
            <StatusLine text={errorText(error, 'Failed to load your sessions.')} />
            <button type="button" className="button button--secondary" onClick={() => void refetch()}>
              Retry
            </button>
          </div>
        ) : (
          <p className="settings__loading">
            <Spinner size="sm" /> Loading your sessions…
          </p>
        )
      ) : (
        <ul className="settings__sessions" aria-label="Active sessions">
          {sessions.map((session) => (
            <li key={session.jti} className="settings__session" data-testid="session">
              <div>
                <p className="settings__session-name">
                  {sessionLabel(session)}
                  {session.current ? <span className="settings__badge">This device</span> : null}
                </p>
                <p className="settings__session-meta">
                  {DEVICE_WORDS[session.device]} · signed in {momentLabel(session.started_at)} · last active {momentLabel(session.last_used_at)}
                </p>
              </div>
              {session.current ? null : (
                <button
                  type="button"
                  className="button button--ghost button--sm"
                  onClick={() => setEnding(session)}
                  aria-label={`Sign out ${sessionLabel(session)}`}
                >
                  Sign out
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="field__hint">Last activity is recorded at most once an hour.</p>
      <ConfirmDialog
        open={ending !== null}
        title="Sign out this session?"
        message="That device will have to sign in again."
        itemName={ending ? sessionLabel(ending) : undefined}
        confirmLabel="Sign out"
        onConfirm={() => (ending ? signOut(ending) : undefined)}
        onClose={() => setEnding(null)}
      />
      <ConfirmDialog
        open={endOthers}
        title="Sign out all other sessions?"
        message="Every device but this one will have to sign in again."
        confirmLabel="Sign out others"
        onConfirm={signOutOthers}
        onClose={() => setEndOthers(false)}
      />
    </section>
  );
}
