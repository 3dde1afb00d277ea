import { useState, type FormEvent } from 'react';
import { errorText } from '../../api/client.ts';
import { accountsApi } from '../../api/endpoints.ts';
import { ClockIcon } from '../../ui/icons.tsx';
import { AuthSwitch, BackToLogin, EmailField, FormAlert, SubmitButton } from './AuthForm.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { RESET_MAIL_FAILED, RESET_MAIL_SENT } from './auth-messages.ts';

type Outcome = { tone: 'success' | 'error'; text: string } | null;

/** The forgot password screen (docs/accounts.md#password-reset): the banner sits above the form; success clears the field. */
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
      footer={<AuthSwitch question="Remember your password?" to="/login" label="Sign in here" />}
    >
      <FormAlert message={outcome?.text ?? null} tone={outcome?.tone} live="polite" />

      <form className="auth-form" onSubmit={(event) => void submit(event)} aria-busy={busy}>
        <EmailField id="forgot-email" label="Email Address" value={email} onChange={setEmail} />
        <SubmitButton busy={busy} label="Send Reset Link" busyLabel="Sending Reset Link..." />
        <BackToLogin />
      </form>

      <p className="auth-note auth-note--muted icon-line gap-3">
        <ClockIcon />
        <span>The reset link will expire in 1 hour for your security.</span>
      </p>
    </AuthLayout>
  );
}
