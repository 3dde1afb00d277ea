import type { ReactNode, Ref } from 'react';
import { Link } from 'react-router';
import { AlertIcon, ArrowLeftIcon, CheckIcon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { InputField } from '../../ui/Field.tsx';

/* The parts the account forms share: alert area, e-mail field, submit button, ways back. */

interface FormAlertProps {
  /** Fields that the message is about point at it with aria-describedby. */
  id?: string;
  message: string | null;
  tone?: 'error' | 'success';
  /** Errors that block a form interrupt; an outcome waits its turn. */
  live?: 'assertive' | 'polite';
}

/** The live region above a form: empty until there is something to say. */
export function FormAlert({ id, message, tone = 'error', live = 'assertive' }: FormAlertProps) {
  return (
    <div aria-live={live} className="auth-alerts">
      {message ? (
        <div className={`banner banner--${tone}`} id={id} role={tone === 'error' ? 'alert' : 'status'}>
          {tone === 'success' ? <CheckIcon /> : <AlertIcon />}
          <p className="banner__body">{message}</p>
        </div>
      ) : null}
    </div>
  );
}

interface EmailFieldProps {
  id: string;
  label?: string;
  value: string;
  onChange(value: string): void;
  disabled?: boolean;
  invalid?: boolean;
  /** The id of the message that describes the field while it is invalid. */
  errorId?: string;
  inputRef?: Ref<HTMLInputElement>;
}

export function EmailField({ id, label = 'Email', value, onChange, disabled, invalid, errorId, inputRef }: EmailFieldProps) {
  return (
    <InputField
      ref={inputRef}
      id={id}
      label={label}
      name="email"
      type="email"
      autoComplete="email"
      inputMode="email"
      value={value}
      onValue={onChange}
      required
      disabled={disabled}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? errorId : undefined}
    />
  );
}

/** The form's main button: "Sign In", then "Signing in..." with a spinner while busy. */
export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" className="button button--primary button--lg button--block" disabled={busy}>
      {busy ? (
        <>
          <Spinner size="sm" />
          {busyLabel}
        </>
      ) : (
        label
      )}
    </button>
  );
}

/** The quiet "Back to Login" under the password forms. */
export function BackToLogin() {
  return (
    <Link className="button button--ghost button--lg button--block" to="/login">
      <ArrowLeftIcon />
      Back to Login
    </Link>
  );
}

/** The card's footer: "Don't have an account? Create one", and optionally Back to home. */
export function AuthSwitch({ question, to, label, backHome }: { question: ReactNode; to: string; label: string; backHome?: boolean }) {
  return (
    <>
      <p>
        {question}{' '}
        <Link className="text-link" to={to}>
          {label}
        </Link>
      </p>
      {backHome ? (
        <Link className="auth-back" to="/">
          <ArrowLeftIcon />
          Back to home
        </Link>
      ) : null}
    </>
  );
}
