import './EmailTab.css';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { errorText } from '../../api/client.ts';
import { invalidate, useQuery } from '../../api/query.ts';
import { momentLabel } from '../../format/dates.ts';
import { countLabel } from '../../format/numbers.ts';
import { BusySubmitButton } from '../../ui/BusySubmitButton.tsx';
import { RefreshIcon } from '../../ui/icons.tsx';
import { InputField, VERBATIM_INPUT } from '../../ui/Field.tsx';
import { StatusMessage } from './StatusMessage.tsx';
import { adminApi, type EmailConfig, type MailStats } from './admin-api.ts';
import {
  DEFAULT_SMTP_PORT,
  TRANSPORT_NAMES,
  emailFormFrom,
  emailSaveBody,
  monthLabel,
  purposeRows,
  rateLabel,
  storedSecretHint,
  type EmailForm,
} from './email-form.ts';
import { EMAIL_CONFIG_QUERY, EMAIL_STATS_QUERY, adminChanged } from './admin-queries.ts';
import type { TableColumn } from '../../ui/TableHead.tsx';
import { ListTable } from '../../ui/ListTable.tsx';
import { TitledCard } from '../../ui/TitledCard.tsx';

const PURPOSE_COLUMNS: readonly TableColumn[] = ['Purpose', { label: 'Sent', className: 'num' }];

/** E-mail: how mail is sent, a real test message, and this month's deliveries (docs/admin.md#e-mail). */
export function EmailTab() {
  const id = useId();
  const config = useQuery(EMAIL_CONFIG_QUERY, adminApi.emailConfig);
  // Kept here, not in the form: a save restarts the form (see below) and the result must stay.
  const [message, setMessage] = useState<string | null>(null);
  return (
    <div className="admin__section">
      <section className="card admin__card" aria-labelledby={`${id}-title`}>
        <div className="admin__row cluster cluster--between gap-3">
          <h2 id={`${id}-title`} className="card__title">
            E-mail settings
          </h2>
          {config.data ? (
            <span className="badge badge--info email-transport" data-transport={config.data.transport}>
              Sending through: {TRANSPORT_NAMES[config.data.transport]}
            </span>
          ) : null}
        </div>
        {config.data ? (
          <p className="card__subtitle">
            {config.data.updated_at
              ? `Last saved ${momentLabel(config.data.updated_at)}.`
              : 'Not saved here yet: the server’s environment decides how mail is sent.'}{' '}
            A SendGrid key chooses SendGrid; else an SMTP server chooses SMTP; else messages are saved in the outbox folder. Changes apply to the next message.
          </p>
        ) : null}
        {config.error !== undefined && !config.data ? <StatusMessage text={errorText(config.error, 'Failed to load email configuration')} /> : null}
        {/* Keyed by the save time: a save (here or elsewhere) starts the form again from what is stored. */}
        {config.data ? (
          <SettingsForm key={config.data.updated_at ?? 'never'} config={config.data} onResult={setMessage} />
        ) : config.loading ? (
          <p>Loading…</p>
        ) : null}
        <StatusMessage text={message} />
      </section>
      <TestEmailBox />
      <MailStatistics />
    </div>
  );
}

function SettingsForm({ config, onResult }: { config: EmailConfig; onResult(message: string | null): void }) {
  const id = useId();
  const [form, setForm] = useState<EmailForm>(() => emailFormFrom(config));
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof EmailForm>(field: K, value: EmailForm[K]) => setForm((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving || !event.currentTarget.reportValidity()) return;
    setSaving(true);
    onResult(null);
    try {
      const answer = await adminApi.saveEmailConfig(emailSaveBody(form));
      // The secrets typed are sent once and not kept in the form.
      setForm(emailFormFrom(answer.config));
      onResult(answer.message);
      await adminChanged();
    } catch (error) {
      onResult(errorText(error, 'Failed to save email configuration'));
    } finally {
      setSaving(false);
    }
  };

  const text = (field: Exclude<keyof EmailForm, 'clear_sendgrid_api_key'>) => ({
    value: form[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(field, event.target.value),
    disabled: saving,
  });
  // A stored secret: never shown, only replaced; the hint says whether one is stored.
  const secret = (field: 'sendgrid_api_key' | 'smtp_password') => ({
    hint: storedSecretHint(config[field]),
    type: 'password',
    autoComplete: 'new-password',
    spellCheck: false,
    ...text(field),
  });
  // The address a transport sends from.
  const sender = (field: 'sendgrid_from_email' | 'from_email', hint: string) => ({
    hint,
    type: 'email',
    autoComplete: 'off',
    placeholder: 'noreply@example.com',
    ...text(field),
  });

  return (
    <form className="stack email-settings" onSubmit={(event) => void submit(event)} aria-busy={saving}>
      <fieldset className="email-settings__group">
        <legend className="email-settings__legend">SendGrid</legend>
        <InputField id={`${id}-sg-key`} label="SendGrid API key" {...secret('sendgrid_api_key')} disabled={saving || form.clear_sendgrid_api_key} />
        {config.sendgrid_api_key ? (
          <label className="checkbox">
            <input
              type="checkbox"
              checked={form.clear_sendgrid_api_key}
              onChange={(event) => set('clear_sendgrid_api_key', event.target.checked)}
              disabled={saving}
            />
            <span>Forget stored key (SMTP or the outbox is used again)</span>
          </label>
        ) : null}
        <InputField id={`${id}-sg-from`} label="SendGrid from e-mail" {...sender('sendgrid_from_email', 'Required with a SendGrid key.')} />
        <InputField id={`${id}-sg-name`} label="SendGrid from name" type="text" autoComplete="off" maxLength={100} {...text('sendgrid_from_name')} />
      </fieldset>

      <fieldset className="email-settings__group">
        <legend className="email-settings__legend">SMTP</legend>
        <InputField id={`${id}-smtp-server`} label="SMTP server" type="text" {...VERBATIM_INPUT} placeholder="smtp.example.com" {...text('smtp_server')} />
        <InputField
          id={`${id}-smtp-port`}
          label="SMTP port"
          hint={`${DEFAULT_SMTP_PORT} by default; 465 speaks TLS from the start, others upgrade with STARTTLS when offered.`}
          type="number"
          inputMode="numeric"
          min={1}
          max={65535}
          step={1}
          placeholder={String(DEFAULT_SMTP_PORT)}
          {...text('smtp_port')}
        />
        <InputField id={`${id}-smtp-user`} label="SMTP username" type="text" {...VERBATIM_INPUT} {...text('smtp_username')} />
        <InputField id={`${id}-smtp-password`} label="SMTP password" {...secret('smtp_password')} />
        <InputField id={`${id}-from`} label="From e-mail" {...sender('from_email', 'Required with an SMTP server.')} />
      </fieldset>

      <InputField
        id={`${id}-frontend`}
        label="Frontend URL"
        hint="Where e-mailed links lead when the web app is served from another address; empty for this server’s own."
        type="url"
        {...VERBATIM_INPUT}
        placeholder={window.location.origin}
        {...text('frontend_url')}
      />

      <div className="email-settings__actions cluster">
        <BusySubmitButton busy={saving} label="Save e-mail settings" busyLabel="Saving…" />
      </div>
    </form>
  );
}

function TestEmailBox() {
  const id = useId();
  const [address, setAddress] = useState('');
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setNote(null);
    if (!address.trim()) return setMessage('Please enter a test email address');
    setSending(true);
    setMessage(null);
    try {
      const answer = await adminApi.testEmail(address.trim());
      setMessage(answer.message);
      setNote(answer.note);
    } catch (error) {
      setMessage(errorText(error, 'Failed to send test email'));
    } finally {
      setSending(false);
      // Sent or refused, the delivery is counted in this month's statistics.
      await invalidate(EMAIL_STATS_QUERY);
    }
  };

  return (
    <TitledCard className="admin__card" titleId={`${id}-title`} title="Send a test e-mail">
      <p className="card__subtitle">A real message through the transport in force, to check the settings.</p>
      <form className="email-test cluster cluster--bottom gap-3" onSubmit={(event) => void send(event)} aria-busy={sending}>
        <InputField
          id={`${id}-address`}
          label="Test e-mail address"
          fieldClassName="email-test__field"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={address}
          onValue={setAddress}
          disabled={sending}
        />
        <button type="submit" className="button button--primary" disabled={sending || address === ''}>
          {sending ? 'Sending…' : 'Send test e-mail'}
        </button>
      </form>
      <StatusMessage text={message} />
      {note ? <p className="email-test__note">{note}</p> : null}
    </TitledCard>
  );
}

/** The users' verification as the spec names its figures: key, label, value shown. */
const verificationTiles = (data: MailStats): [string, string, string][] => [
  ['total_users', 'Total users', countLabel(data.total_users)],
  ['verified_users', 'Verified users', countLabel(data.verified_users)],
  ['unverified_users', 'Unverified users', countLabel(data.unverified_users)],
  ['verification_emails_sent', 'Verification e-mails sent this month', countLabel(data.verification_emails_sent)],
  ['verification_rate', 'Verification rate', rateLabel(data.verification_rate)],
];

function MailStatistics() {
  const id = useId();
  const stats = useQuery(EMAIL_STATS_QUERY, adminApi.emailStats);
  const data = stats.data;
  return (
    <section className="card admin__card" aria-labelledby={`${id}-title`} aria-busy={stats.loading}>
      <div className="admin__row cluster cluster--between gap-3">
        <h2 id={`${id}-title`} className="card__title">
          {data ? `E-mail in ${monthLabel(data.month)}` : 'E-mail this month'}
        </h2>
        <button type="button" className="button button--secondary button--sm" onClick={() => void stats.refetch()}>
          <RefreshIcon />
          Refresh statistics
        </button>
      </div>
      {stats.error !== undefined && !data ? <StatusMessage text={errorText(stats.error, 'Failed to load email statistics')} /> : null}
      {data ? (
        <>
          <div className="tiles email-stats__tiles">
            <div className="tile">
              <p className="tile__label">Transport</p>
              <p className="tile__value email-stats__transport">{TRANSPORT_NAMES[data.transport]}</p>
            </div>
            <div className="tile">
              <p className="tile__label">Sent</p>
              <p className="tile__value">{countLabel(data.sent)}</p>
            </div>
            <div className="tile">
              <p className="tile__label">Failed</p>
              <p className="tile__value">{countLabel(data.failed)}</p>
            </div>
          </div>
          <h3 className="email-stats__heading">Address verification</h3>
          <div className="tiles email-stats__tiles" data-figures="verification">
            {verificationTiles(data).map(([key, label, value]) => (
              <div key={key} className="tile" data-tile={key}>
                <p className="tile__label">{label}</p>
                <p className="tile__value">{value}</p>
              </div>
            ))}
          </div>
          <h3 className="email-stats__heading">Messages by purpose</h3>
          <ListTable className="table email-stats__table" caption="Messages sent this month by purpose" columns={PURPOSE_COLUMNS}>
            {purposeRows(data.by_purpose).map((row) => (
              <tr key={row.purpose} data-purpose={row.purpose}>
                <td>{row.label}</td>
                <td className="num">{countLabel(row.count)}</td>
              </tr>
            ))}
          </ListTable>
          <dl className="email-stats__facts">
            <div>
              <dt>Last sent</dt>
              <dd>{data.last_sent_at ? momentLabel(data.last_sent_at) : 'None this month'}</dd>
            </div>
            <div>
              <dt>Last failure</dt>
              <dd>
                {data.last_failure ? (
                  <>
                    {momentLabel(data.last_failure.at)}
                    <span className="email-stats__error">{data.last_failure.error}</span>
                  </>
                ) : (
                  'None this month'
                )}
              </dd>
            </div>
          </dl>
        </>
      ) : stats.loading ? (
        <p>Loading…</p>
      ) : null}
    </section>
  );
}
