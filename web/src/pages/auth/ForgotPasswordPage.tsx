import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../api/client.ts';
import { accountsApi } from '../../api/endpoints.ts';
import { AlertIcon, ArrowLeftIcon, CheckIcon, ClockIcon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { RESET_MAIL_FAILED, RESET_MAIL_SENT } from './auth-messages.ts';

type Outcome = { tone: 'success' | 'error'; text: string } | null;

/** Spec 1 §2 "Forgot password screen": the banner sits above the form; success clears the field. */
export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setOutcome(null);
    try {
      await accountsApi.forgotPassword(email.trim());
      setOutcome({ tone: 'success', text: RESET_MAIL_SENT });
      setEmail('');
    } catch (error) {
      setOutcome({ tone: 'error', text: errorText(error, RESET_MAIL_FAILED) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter the email address of your account and we will send you a link to choose a new password."
      footer={
        <>
          <p>
            Remember your password?{' '}
            <Link className="text-link" to="/login">
              Sign in here
            </Link>
          </p>
        </>
      }
    >
      <div aria-live="polite" className="auth-alerts">
        {outcome ? (
          <div className={`banner banner--${outcome.tone}`} role={outcome.tone === 'error' ? 'alert' : 'status'}>
            {outcome.tone === 'success' ? <CheckIcon /> : <AlertIcon />}
            <p className="banner__body">{outcome.text}</p>
          </div>
        ) : null}
      </div>

      <form className="auth-form" onSubmit={(event) => void submit(event)} aria-busy={busy}>
        <div className="field">
          <label className="field__label" htmlFor="forgot-email">
            Email Address
          </label>
          <input
            id="forgot-email"
            name="email"
            className="input"
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            required
          />
        </div>
        <button type="submit" className="button button--primary button--lg button--block" disabled={busy}>
          {busy ? (
            <>
              <Spinner size="sm" />
              Sending Reset Link...
            </>
          ) : (
            'Send Reset Link'
          )}
        </button>
        <Link className="button button--ghost button--lg button--block" to="/login">
          <ArrowLeftIcon />
          Back to Login
        </Link>
      </form>

      <p className="auth-note auth-note--muted">
        <ClockIcon />
        <span>The reset link will expire in 1 hour for your security.</span>
      </p>
    </AuthLayout>
  );
}
