import './notifications.css';
import { useId, useState } from 'react';
import { errorText } from '../../../api/client.ts';
import { invalidate, useQuery } from '../../../api/query.ts';
import { BusySubmitButton } from '../../../ui/BusySubmitButton.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { StatusLine } from '../StatusLine.tsx';
import { Switch } from '../../../ui/Switch.tsx';
import { useFormSubmit } from '../use-form-submit.ts';
import {
  NOTIFICATIONS_LOAD_FAILED,
  NOTIFICATIONS_QUERY,
  NOTIFICATIONS_SAVE_FAILED,
  NOTIFICATION_CHOICES,
  notificationsApi,
  type NotificationSwitches,
} from './notifications-api.ts';

/** The settings' notifications tab (docs/notifications.md): which e-mails the account receives, each on or off. */
export function NotificationSettings() {
  const { data, error, refetch } = useQuery(NOTIFICATIONS_QUERY, notificationsApi.get);
  if (!data) {
    return error !== undefined ? (
      <div className="settings__panel">
        <StatusLine text={errorText(error, NOTIFICATIONS_LOAD_FAILED)} />
        <button type="button" className="button button--secondary" onClick={() => void refetch()}>
          Retry
        </button>
      </div>
    ) : (
      <p className="settings__loading">
        <Spinner size="sm" /> Loading your notification settings…
      </p>
    );
  }
  return (
    <div className="settings__panel">
      {/* Starts from the switches as loaded; a save's refetch leaves what is shown (the same values) and its status alone. */}
      <SwitchesForm saved={data} />
    </div>
  );
}

function SwitchesForm({ saved }: { saved: NotificationSwitches }) {
  const id = useId();
  const [switches, setSwitches] = useState(saved);
  const { status, setStatus, busy, submit } = useFormSubmit(NOTIFICATIONS_SAVE_FAILED);

  const save = submit(async () => {
    const answer = await notificationsApi.save(switches);
    void invalidate(NOTIFICATIONS_QUERY);
    return answer.message ?? null;
  });

  return (
    <form className="card stack gap-3 settings__card" onSubmit={(event) => void save(event)} aria-labelledby={`${id}-title`} aria-busy={busy}>
      <h2 id={`${id}-title`} className="card__title">
        Notification e-mails
      </h2>
      <p className="notifications__intro">
        Choose which e-mails Linkledger sends to your account’s address. Messages about your password, payments and support tickets are always sent.
      </p>
      <ul className="notifications__list">
        {NOTIFICATION_CHOICES.map(({ key, label, explanation }) => (
          <li key={key} className="switch-field notifications__choice">
            <div>
              <p className="notifications__label" id={`${id}-${key}-label`}>
                {label}
              </p>
              <p className="field__hint" id={`${id}-${key}-hint`}>
                {explanation}
              </p>
            </div>
            <Switch
              checked={switches[key]}
              onChange={(checked) => {
                setSwitches({ ...switches, [key]: checked });
                setStatus(null);
              }}
              labelledBy={`${id}-${key}-label`}
              describedBy={`${id}-${key}-hint`}
              disabled={busy}
              stateText={switches[key] ? 'On' : 'Off'}
              testId={`notification-${key}`}
            />
          </li>
        ))}
      </ul>
      <div className="settings__actions cluster cluster--center">
        <BusySubmitButton busy={busy} label="Save Notification Settings" busyLabel="Saving…" />
      </div>
      <StatusLine text={status} />
    </form>
  );
}
