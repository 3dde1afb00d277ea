import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { StartSecondFactorResponse } from '@linkledger/contracts';
import { errorText } from '../../api/client.ts';
import { invalidate, useQuery } from '../../api/query.ts';
import { momentLabel } from '../../format/dates.ts';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { SECOND_FACTOR_QUERY, groupedSecret, secondFactorApi } from './second-factor-api.ts';
import { StatusLine } from './StatusLine.tsx';

const FAILED = 'Something went wrong. Please try again.';

type Step =
  | { name: 'idle' }
  | { name: 'password' }
  | { name: 'scan'; setup: StartSecondFactorResponse }
  | { name: 'codes'; codes: string[] }
  | { name: 'new-codes' }
  | { name: 'disable' };

/**
 * Two-step verification in Settings → Security (docs/accounts.md#second-factor): set up
 * with the password, the app's QR code and a first code; the recovery codes shown once;
 * new recovery codes; turning it off with the password and a code.
 */
export function SecondFactorCard() {
  const { data, error, refetch } = useQuery(SECOND_FACTOR_QUERY, secondFactorApi.status);
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const [status, setStatus] = useState<string | null>(null);

  const go = (next: Step, message: string | null = null) => {
    setStep(next);
    setStatus(message);
  };
  const changed = () => void invalidate(SECOND_FACTOR_QUERY);

  let body: ReactNode;
  if (!data) {
    body =
      error !== undefined ? (
        <div className="settings__actions cluster cluster--center">
          <StatusLine text={errorText(error, 'Failed to load your two-step verification.')} />
          <button type="button" className="button button--secondary" onClick={() => void refetch()}>
            Retry
          </button>
        </div>
      ) : (
        <p className="settings__loading">
          <Spinner size="sm" /> Loading…
        </p>
      );
  } else if (step.name === 'password') {
    body = (
      <CodeForm
        fields={['password']}
        submitLabel="Continue"
        onCancel={() => go({ name: 'idle' })}
        onSubmit={async ({ password }) => go({ name: 'scan', setup: await secondFactorApi.start(password) })}
      />
    );
  } else if (step.name === 'scan') {
    body = (
      <ScanStep
        setup={step.setup}
        onCancel={() => go({ name: 'idle' })}
        onConfirm={async (code) => {
          const { message, recovery_codes } = await secondFactorApi.confirm(code);
          go({ name: 'codes', codes: recovery_codes }, message);
          changed();
        }}
      />
    );
  } else if (step.name === 'codes') {
    body = <RecoveryCodes codes={step.codes} onDone={() => go({ name: 'idle' })} />;
  } else if (step.name === 'new-codes') {
    body = (
      <CodeForm
        fields={['code']}
        hint="Enter a current code from your authenticator app, or a recovery code. Every earlier recovery code stops working."
        submitLabel="Make new recovery codes"
        onCancel={() => go({ name: 'idle' })}
        onSubmit={async ({ code }) => {
          const { message, recovery_codes } = await secondFactorApi.newRecoveryCodes(code);
          go({ name: 'codes', codes: recovery_codes }, message);
          changed();
        }}
      />
    );
  } else if (step.name === 'disable') {
    body = (
      <CodeForm
        fields={['password', 'code']}
        submitLabel="Turn off"
        danger
        onCancel={() => go({ name: 'idle' })}
        onSubmit={async ({ password, code }) => {
          const { message } = await secondFactorApi.disable(password, code);
          go({ name: 'idle' }, message);
          changed();
        }}
      />
    );
  } else if (data.enabled) {
    body = (
      <>
        <p className="second-factor__summary" data-testid="second-factor-summary">
          On since {momentLabel(data.enabled_at ?? '')} · {data.recovery_codes_left} recovery code{data.recovery_codes_left === 1 ? '' : 's'} left
        </p>
        <div className="settings__actions cluster cluster--center">
          <button type="button" className="button button--secondary" onClick={() => go({ name: 'new-codes' })}>
            New recovery codes
          </button>
          <button type="button" className="button button--ghost" onClick={() => go({ name: 'disable' })}>
            Turn off
          </button>
        </div>
      </>
    );
  } else if (!data.email_verified) {
    body = (
      <p className="status-message tone-info settings__pending">
        Verify your e-mail address first: two-step verification can be set up once your address is confirmed.
      </p>
    );
  } else {
    body = (
      <div className="settings__actions cluster cluster--center">
        <button type="button" className="button button--primary" onClick={() => go({ name: 'password' })}>
          Set up two-step verification
        </button>
      </div>
    );
  }

  return (
    <section className="card stack gap-3 settings__card" aria-labelledby="second-factor-title">
      <div className="settings__card-head cluster cluster--between">
        <h2 id="second-factor-title" className="card__title">
          Two-step verification
        </h2>
        {data?.enabled ? <span className="settings__badge">On</span> : null}
      </div>
      <p className="card__subtitle">
        After your password, signing in and resetting your password also ask for a code from an authenticator app on your phone (Google Authenticator, Microsoft
        Authenticator, 1Password…).
      </p>
      <StatusLine text={status} />
      {body}
    </section>
  );
}

type Field = 'password' | 'code';

interface CodeFormProps {
  fields: Field[];
  hint?: string;
  submitLabel: string;
  danger?: boolean;
  onCancel(): void;
  /** Throws the server's refusal, which the form shows. */
  onSubmit(values: Record<Field, string>): Promise<void>;
}

const FIELD_LABELS: Record<Field, string> = { password: 'Current password', code: 'Authentication or recovery code' };
const MISSING: Record<Field, string> = {
  password: 'Current password is required',
  code: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
};

/** The small forms of this card: the password, a code, or both; a refusal stays on the form. */
function CodeForm({ fields, hint, submitLabel, danger, onCancel, onSubmit }: CodeFormProps) {
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({ password: '', code: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = fields.find((field) => !values[field].trim());
    if (missing) return setProblem(MISSING[missing]);
    setBusy(true);
    setProblem(null);
    try {
      await onSubmit({ password: values.password, code: values.code.trim() });
    } catch (error) {
      setProblem(errorText(error, FAILED));
      setValues((was) => ({ ...was, code: '' }));
      setBusy(false);
    }
  };

  return (
    <form className="stack gap-3 second-factor__form" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
      {hint ? <p className="field__hint">{hint}</p> : null}
      <div className="grid gap-3 settings__grid settings__grid--narrow">
        {fields.map((field) => (
          <div className="field" key={field}>
            <label className="field__label" htmlFor={`${id}-${field}`}>
              {FIELD_LABELS[field]}
            </label>
            <input
              id={`${id}-${field}`}
              name={field}
              className={`input${field === 'code' ? ' second-factor__code-input' : ''}`}
              type={field === 'password' ? 'password' : 'text'}
              autoComplete={field === 'password' ? 'current-password' : 'one-time-code'}
              spellCheck={false}
              autoCapitalize="none"
              maxLength={field === 'code' ? 24 : undefined}
              value={values[field]}
              onChange={(event) => setValues((was) => ({ ...was, [field]: event.target.value }))}
            />
          </div>
        ))}
      </div>
      <StatusLine text={problem} />
      <div className="settings__actions cluster cluster--center">
        <button type="submit" className={`button ${danger ? 'button--danger' : 'button--primary'}`} disabled={busy} aria-busy={busy}>
          {busy ? <Spinner size="sm" /> : null}
          {submitLabel}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The app scans the QR code (or takes the key typed in); its first code turns the factor on. */
function ScanStep({ setup, onCancel, onConfirm }: { setup: StartSecondFactorResponse; onCancel(): void; onConfirm(code: string): Promise<void> }) {
  return (
    <div className="cluster cluster--top gap-4 second-factor__scan">
      <img className="second-factor__qr" src={setup.qr_code} width={240} height={240} alt="QR code to scan with your authenticator app" />
      <div className="second-factor__scan-text">
        <ol className="second-factor__steps">
          <li>Scan the QR code with your authenticator app.</li>
          <li>
            Can&apos;t scan it? Enter this key in the app instead:
            <span className="second-factor__secret-row">
              <code className="second-factor__secret" data-testid="second-factor-secret" data-secret={setup.secret}>
                {groupedSecret(setup.secret)}
              </code>
              <CopyButton text={() => setup.secret} label="Copy setup key" size="sm" />
            </span>
          </li>
          <li>Enter the 6-digit code the app shows.</li>
        </ol>
        <CodeForm fields={['code']} submitLabel="Turn on" onCancel={onCancel} onSubmit={({ code }) => onConfirm(code)} />
      </div>
    </div>
  );
}

/** Shown once: the server keeps only their hashes. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  return (
    <div className="second-factor__codes">
      <p>
        <strong>Save these recovery codes somewhere safe.</strong> Each works once, in place of a code from the app, if you lose your phone. They will not be
        shown again.
      </p>
      <ul className="second-factor__code-list" aria-label="Recovery codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="settings__actions cluster cluster--center">
        <CopyButton text={() => codes.join('\n')} label="Copy recovery codes" />
        <button type="button" className="button button--primary" onClick={onDone}>
          I have saved my codes
        </button>
      </div>
    </div>
  );
}
