import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSession } from './session.ts';
import { AuthSwitch, EmailField, FormAlert, SubmitButton } from './AuthForm.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { LOGIN_WRONG_CREDENTIALS, loginErrorMessage, loginReturnMessage } from './auth-messages.ts';
import { PasswordField } from './PasswordField.tsx';
import { SecondFactorStep } from './SecondFactorStep.tsx';
import { SocialButtons, type Provider } from './SocialButtons.tsx';

/** Remember me keeps the email for the next visit (the token itself is always kept: docs/accounts.md#signing-in). */
const REMEMBERED_EMAIL_KEY = 'remembered_email';
const LOGIN_PROVIDERS: readonly Provider[] = ['google', 'facebook', 'twitter'];

/** The login screen (docs/accounts.md#signing-in). A successful sign-in is taken to /dashboard (or where the visitor was going) by the route guard. */
export default function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const login = useSession((s) => s.login);
  const errorId = useId();

  const [email, setEmail] = useState(() => localStorage.getItem(REMEMBERED_EMAIL_KEY) ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(() => localStorage.getItem(REMEMBERED_EMAIL_KEY) !== null);
  const [busy, setBusy] = useState(false);
  // Set when the password was right and the account asks for its second factor (docs/accounts.md#second-factor).
  const [challenge, setChallenge] = useState<string | null>(null);
  // The error a social sign-in came back with is read once, on arrival.
  const [error, setError] = useState<string | null>(() => {
    const code = new URLSearchParams(location.search).get('error');
    return code === null ? null : loginReturnMessage(code);
  });

  // …and then removed from the address, so a reload or a shared link does not repeat it.
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!params.has('error')) return;
    params.delete('error');
    const search = params.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true, state: location.state });
  }, [location, navigate]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const pending = await login(email.trim(), password);
      if (remember) localStorage.setItem(REMEMBERED_EMAIL_KEY, email.trim());
      else localStorage.removeItem(REMEMBERED_EMAIL_KEY);
      // Signed in: the route guard now sends the user on. Otherwise the code step comes next.
      if (pending) {
        setChallenge(pending.challenge);
        setBusy(false);
      }
    } catch (failure) {
      setError(loginErrorMessage(failure));
      setBusy(false);
    }
  };

  const backToPassword = (message: string | null) => {
    setChallenge(null);
    setPassword('');
    setError(message);
  };

  if (challenge) return <SecondFactorStep challenge={challenge} onBack={() => backToPassword(null)} onExpired={backToPassword} />;

  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Sign in to your Linkledger account"
      footer={<AuthSwitch question="Don't have an account?" to="/register" label="Create one" backHome />}
    >
      <FormAlert id={errorId} message={error} />

      <form className="auth-form" onSubmit={(event) => void submit(event)} aria-busy={busy}>
        <EmailField id="login-email" value={email} onChange={setEmail} disabled={busy} invalid={error === LOGIN_WRONG_CREDENTIALS} errorId={errorId} />
        <PasswordField
          label="Password"
          name="password"
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          required
          disabled={busy}
          errorId={errorId}
          invalid={error === LOGIN_WRONG_CREDENTIALS}
        />
        <div className="auth-form__row">
          <label className="checkbox">
            <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
            <span>Remember me</span>
          </label>
          <Link className="text-link auth-form__aside" to="/forgot-password">
            Forgot password?
          </Link>
        </div>
        <SubmitButton busy={busy} label="Sign In" busyLabel="Signing in..." />
      </form>

      <SocialButtons offer={LOGIN_PROVIDERS} dividerLabel="or continue with" onError={setError} disabled={busy} />
    </AuthLayout>
  );
}
