import { useState, type FormEvent } from 'react';
import { errorText } from '../../api/client.ts';
import { invalidate, useQuery } from '../../api/query.ts';
import { useSession } from '../auth/index.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { YourDataSection } from './privacy/YourDataSection.tsx';
import { PROFILE_QUERY, settingsApi, type Profile } from './settings-api.ts';
import { PROFILE_FAILED } from './settings-messages.ts';
import { StatusLine } from './StatusLine.tsx';

/** Username, e-mail (changed through a link to the new address), full name and phone (docs/accounts.md#profile). */
export function ProfileTab() {
  const { data: profile, error, refetch } = useQuery(PROFILE_QUERY, settingsApi.profile);
  if (!profile) {
    return error !== undefined ? (
      <div className="settings__panel">
        <StatusLine text={errorText(error, 'Failed to load your profile.')} />
        <button type="button" className="button button--secondary" onClick={() => void refetch()}>
          Retry
        </button>
      </div>
    ) : (
      <p className="settings__loading">
        <Spinner size="sm" /> Loading your profile…
      </p>
    );
  }
  return (
    <div className="settings__panel">
      <ProfileForm profile={profile} />
      <EmailChange profile={profile} />
      <YourDataSection />
    </div>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const [username, setUsername] = useState(profile.username);
  const [fullName, setFullName] = useState(profile.full_name ?? '');
  const [phone, setPhone] = useState(profile.phone ?? '');
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setStatus(null);
    try {
      const saved = await settingsApi.saveProfile({ username: username.trim(), full_name: fullName.trim(), phone: phone.trim() });
      // The stored values, as the server normalised them.
      setUsername(saved.username);
      setFullName(saved.full_name ?? '');
      setPhone(saved.phone ?? '');
      setStatus(saved.message);
      // The sidebar's name and every other screen read the user.
      void useSession
        .getState()
        .reloadUser()
        .catch(() => undefined);
      void invalidate(PROFILE_QUERY);
    } catch (error) {
      setStatus(errorText(error, PROFILE_FAILED));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card stack gap-3 settings__card" onSubmit={(event) => void save(event)} aria-labelledby="profile-title">
      <h2 id="profile-title" className="card__title">
        Profile
      </h2>
      <div className="grid gap-3 settings__grid">
        <div className="field">
          <label className="field__label" htmlFor="settings-username">
            Username
          </label>
          <input
            id="settings-username"
            name="username"
            className="input"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            required
            minLength={3}
            maxLength={50}
            autoComplete="username"
          />
          <p className="field__hint">3 to 50 letters, digits, dots, underscores or hyphens.</p>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="settings-email">
            Email
          </label>
          <input id="settings-email" name="email" className="input" value={profile.email} readOnly aria-describedby="settings-email-hint" />
          <p className="field__hint" id="settings-email-hint">
            {profile.is_verified ? 'Verified.' : 'Not verified yet.'} Change it below.
          </p>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="settings-full-name">
            Full name
          </label>
          <input
            id="settings-full-name"
            name="fullName"
            className="input"
            value={fullName}
            onChange={(e) => setFullName(e.target.value)}
            maxLength={100}
            autoComplete="name"
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="settings-phone">
            Phone
          </label>
          <input
            id="settings-phone"
            name="phone"
            className="input"
            type="tel"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            maxLength={32}
            autoComplete="tel"
            placeholder="+91 98765 43210"
          />
          <p className="field__hint">Optional. International form, e.g. +91 98765 43210.</p>
        </div>
      </div>
      <StatusLine text={status} />
      <div className="settings__actions cluster cluster--center">
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          {busy ? <Spinner size="sm" /> : null}
          Save changes
        </button>
      </div>
    </form>
  );
}

function EmailChange({ profile }: { profile: Profile }) {
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setStatus(null);
    try {
      await settingsApi.changeEmail(newEmail.trim(), password);
      setNewEmail('');
      setPassword('');
      await invalidate(PROFILE_QUERY);
    } catch (error) {
      setStatus(errorText(error, 'Failed to send the confirmation link. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card stack gap-3 settings__card" onSubmit={(event) => void send(event)} aria-labelledby="email-change-title">
      <h2 id="email-change-title" className="card__title">
        Change e-mail address
      </h2>
      {profile.pending_email ? (
        <p className="status-message tone-info settings__pending" role="status" data-testid="pending-email">
          We sent a link to <strong>{profile.pending_email}</strong>. Your address changes to it when you open that link; until then you sign in with{' '}
          <strong>{profile.email}</strong>.
        </p>
      ) : (
        <p className="card__subtitle">We send a link to the new address; the change happens when you open it, and your current address is told.</p>
      )}
      <div className="grid gap-3 settings__grid">
        <div className="field">
          <label className="field__label" htmlFor="settings-new-email">
            New e-mail address
          </label>
          <input
            id="settings-new-email"
            className="input"
            type="email"
            value={newEmail}
            onChange={(e) => setNewEmail(e.target.value)}
            required
            maxLength={254}
            autoComplete="email"
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="settings-email-password">
            Current password
          </label>
          <input
            id="settings-email-password"
            className="input"
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
            autoComplete="current-password"
          />
        </div>
      </div>
      <StatusLine text={status} />
      <div className="settings__actions cluster cluster--center">
        <button type="submit" className="button button--secondary" disabled={busy} aria-busy={busy}>
          {busy ? <Spinner size="sm" /> : null}
          Send confirmation link
        </button>
      </div>
    </form>
  );
}
