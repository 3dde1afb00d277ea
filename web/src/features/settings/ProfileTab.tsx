import { useState } from 'react';
import { errorText } from '../../api/client.ts';
import { invalidate, useQuery } from '../../api/query.ts';
import { useSession } from '../auth/index.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { InputField } from '../../ui/Field.tsx';
import { YourDataSection } from './privacy/YourDataSection.tsx';
import { PROFILE_QUERY, settingsApi, type Profile } from './settings-api.ts';
import { PROFILE_FAILED } from './settings-messages.ts';
import { StatusLine } from './StatusLine.tsx';
import { useFormSubmit } from './use-form-submit.ts';
import { SubmitRow } from './SubmitRow.tsx';

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
  const { status, busy, submit } = useFormSubmit(PROFILE_FAILED);

  const save = submit(async () => {
    const saved = await settingsApi.saveProfile({ username: username.trim(), full_name: fullName.trim(), phone: phone.trim() });
    // The stored values, as the server normalised them.
    setUsername(saved.username);
    setFullName(saved.full_name ?? '');
    setPhone(saved.phone ?? '');
    // The sidebar's name and every other screen read the user.
    void useSession
      .getState()
      .reloadUser()
      .catch(() => undefined);
    void invalidate(PROFILE_QUERY);
    return saved.message;
  });

  return (
    <form className="card stack gap-3 settings__card" onSubmit={(event) => void save(event)} aria-labelledby="profile-title">
      <h2 id="profile-title" className="card__title">
        Profile
      </h2>
      <div className="grid gap-3 settings__grid">
        <InputField
          id="settings-username"
          label="Username"
          hint="3 to 50 letters, digits, dots, underscores or hyphens."
          linkHint={false}
          name="username"
          value={username}
          onValue={setUsername}
          required
          minLength={3}
          maxLength={50}
          autoComplete="username"
        />
        <InputField
          id="settings-email"
          label="Email"
          hint={`${profile.is_verified ? 'Verified.' : 'Not verified yet.'} Change it below.`}
          name="email"
          value={profile.email}
          readOnly
        />
        <InputField id="settings-full-name" label="Full name" name="fullName" value={fullName} onValue={setFullName} maxLength={100} autoComplete="name" />
        <InputField
          id="settings-phone"
          label="Phone"
          hint="Optional. International form, e.g. +91 98765 43210."
          linkHint={false}
          name="phone"
          type="tel"
          value={phone}
          onValue={setPhone}
          maxLength={32}
          autoComplete="tel"
          placeholder="+91 98765 43210"
        />
      </div>
      <StatusLine text={status} />
      <SubmitRow busy={busy} tone="primary">
        Save changes
      </SubmitRow>
    </form>
  );
}

function EmailChange({ profile }: { profile: Profile }) {
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const { status, busy, submit } = useFormSubmit('Failed to send the confirmation link. Please try again.');

  const send = submit(async () => {
    await settingsApi.changeEmail(newEmail.trim(), password);
    setNewEmail('');
    setPassword('');
    await invalidate(PROFILE_QUERY);
    return undefined;
  });

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
        <InputField
          id="settings-new-email"
          label="New e-mail address"
          type="email"
          value={newEmail}
          onValue={setNewEmail}
          required
          maxLength={254}
          autoComplete="email"
        />
        <InputField
          id="settings-email-password"
          label="Current password"
          type="password"
          value={password}
          onValue={setPassword}
          required
          autoComplete="current-password"
        />
      </div>
      <StatusLine text={status} />
      <SubmitRow busy={busy} tone="secondary">
        Send confirmation link
      </SubmitRow>
    </form>
  );
}
