import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../api/client.ts';
import { accountsApi } from '../../api/endpoints.ts';
import { useSession } from './session.ts';
import { LockIcon, ShieldIcon } from '../../ui/icons.tsx';
import { BackToLogin, FormAlert, SubmitButton } from './AuthForm.tsx';
import { AuthLayout, StatusBadge } from './AuthLayout.tsx';
import { AuthResult, AuthWaiting } from './AuthResult.tsx';
import {
  RESET_CHECK_FAILED,
  RESET_DONE,
  RESET_FAILED,
  RESET_REDIRECT_MS,
  RESET_TOKEN_MISSING,
  SECOND_FACTOR_CODE_MISSING,
  isCodeRefusal,
  resetProblem,
  type FieldProblem,
} from './auth-messages.ts';
import { PasswordField } from './PasswordField.tsx';
import { SecondFactorCodeField } from './SecondFactorCodeField.tsx';

type View = { name: 'loading' } | { name: 'form'; needsCode: boolean } | { name: 'success'; message: string } | { name: 'error'; message: string };

/** The reset password screen (docs/accounts.md#password-reset): loading, form, success and error views. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [view, setView] = useState<View>(() => (token ? { name: 'loading' } : { name: 'error', message: RESET_TOKEN_MISSING }));
  const navigate = useNavigate();

  useEffect(() => {
    if (view.name !== 'loading') return;
    let live = true;
    // The link is checked before the form shows: a used or expired one ends here, before
    // anyone types a password (docs/accounts.md#password-reset). Checking spends nothing.
    accountsApi.checkResetLink(token).then(
      (link) => {
        if (!live) return;
        if (link.state === 'valid') setView({ name: 'form', needsCode: link.second_factor_required });
        else setView({ name: 'error', message: link.detail ?? RESET_FAILED });
      },
      (error: unknown) => {
        if (live) setView({ name: 'error', message: errorText(error, RESET_CHECK_FAILED) });
      },
    );
    return () => {
      live = false;
    };
  }, [view.name, token]);

  useEffect(() => {
    if (view.name !== 'success') return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [view.name, navigate]);

  switch (view.name) {
    case 'loading':
      return <AuthWaiting title="Verifying Reset Link" text="Please wait while we check your reset link." />;
    case 'success':
      return (
        <AuthResult
          title="Password Reset Successful!"
          tone="success"
          message={view.message}
          redirecting
          actions={[{ to: '/login', label: 'Go to Login now', replace: true }]}
        />
      );
    case 'error':
      return (
        <AuthResult
          title="Reset Failed"
          tone="error"
          message={view.message}
          actions={[
            { to: '/login', label: 'Back to Login' },
            { to: '/forgot-password', label: 'Request New Reset Link' },
          ]}
        />
      );
    case 'form':
      return <ResetForm token={token} needsCode={view.needsCode} onDone={setView} />;
  }
}

function ResetForm({ token, needsCode, onDone }: { token: string; needsCode: boolean; onDone(view: View): void }) {
  const errorId = useId();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<FieldProblem<'password' | 'confirmPassword' | 'code'> | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found =
      resetProblem(password, confirmPassword) ?? (needsCode && !code.trim() ? { field: 'code' as const, message: SECOND_FACTOR_CODE_MISSING } : null);
    setProblem(found);
    if (found) {
      ({ password: passwordRef, confirmPassword: confirmRef, code: codeRef })[found.field].current?.focus();
      return;
    }
    setBusy(true);
    try {
      const { message } = await accountsApi.resetPassword(token, password, needsCode ? code.trim() : undefined);
      // The server has signed out every session of the account, this tab's included.
      if (useSession.getState().status === 'signed-in') useSession.getState().clear();
      onDone({ name: 'success', message: message || RESET_DONE });
    } catch (error) {
      // A wrong code leaves the form for another try; a dead link ends in the error view.
      if (!needsCode || !isCodeRefusal(error)) return onDone({ name: 'error', message: errorText(error, RESET_FAILED) });
      setProblem({ field: 'code', message: errorText(error, RESET_FAILED) });
      setCode('');
      setBusy(false);
      codeRef.current?.focus();
    }
  };

  return (
    <AuthLayout
      title="Set a new password"
      subtitle="Choose a new password for your Linkledger account."
      badge={
        <StatusBadge tone="info">
          <LockIcon />
        </StatusBadge>
      }
      footer={
        <p>
          Need help?{' '}
          <Link className="text-link" to="/support">
            Contact support
          </Link>
        </p>
      }
    >
      <FormAlert id={errorId} message={problem?.message ?? null} />

      <form className="auth-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
        <PasswordField
          label="New Password"
          name="new_password"
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
          required
          hint="Your password must be at least 6 characters."
          invalid={problem?.field === 'password'}
          errorId={errorId}
          inputRef={passwordRef}
        />
        <PasswordField
          label="Confirm Password"
          name="confirm_password"
          value={confirmPassword}
          onChange={setConfirmPassword}
          autoComplete="new-password"
          required
          invalid={problem?.field === 'confirmPassword'}
          errorId={errorId}
          inputRef={confirmRef}
        />
        {needsCode ? (
          <SecondFactorCodeField
            label="Authentication code"
            kind="either"
            value={code}
            onChange={setCode}
            hint="Your account uses two-step verification: enter the 6-digit code from your authenticator app, or one of your recovery codes."
            invalid={problem?.field === 'code'}
            errorId={errorId}
            inputRef={codeRef}
          />
        ) : null}
        <SubmitButton busy={busy} label="Reset Password" busyLabel="Resetting Password..." />
        <BackToLogin />
      </form>

      <p className="auth-note auth-note--muted icon-line gap-3">
        <ShieldIcon />
        <span>
          <strong>Security tip:</strong> use a mix of letters, numbers and special characters to make your password harder to guess.
        </span>
      </p>
    </AuthLayout>
  );
}
