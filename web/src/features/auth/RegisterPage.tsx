import { useId, useRef, useState, type FormEvent } from 'react';
import { errorText } from '../../api/client.ts';
import { accountsApi } from '../../api/endpoints.ts';
import { useQuery } from '../../api/query.ts';
import { useSession } from './session.ts';
import { limitLabel as formatLimit, usePlanCatalogue } from '../billing/index.ts';
import { CheckIcon } from '../../ui/icons.tsx';
import { AuthSwitch, EmailField, FormAlert, SubmitButton } from './AuthForm.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { AuthResult, AuthWaiting, GO_ON } from './AuthResult.tsx';
import { REGISTRATION_FAILED, registerProblem, type FieldProblem, type RegisterField } from './auth-messages.ts';
import { PasswordField } from './PasswordField.tsx';
import { SocialButtons, type Provider } from './SocialButtons.tsx';

const REGISTER_PROVIDERS: readonly Provider[] = ['google', 'facebook'];

/** If the status check fails, registration is assumed open (docs/accounts.md#the-sign-up-switch). */
const loadSignupStatus = () => accountsApi.signupStatus().catch(() => ({ signup_enabled: true }));

/** The register screen (docs/accounts.md#registration): first the sign-up switch, then the form or the closed notice. */
export default function RegisterPage() {
  const status = useQuery(['signup-status'], loadSignupStatus).data;
  const { catalogue } = usePlanCatalogue();

  if (!status || catalogue.state === 'loading') return <AuthWaiting title="Create your account" text="Checking registration status..." />;

  if (!status.signup_enabled) {
    return (
      <AuthResult
        title="Registration Disabled"
        tone="warning"
        heading="Registration Temporarily Unavailable"
        message="We are currently not accepting new user registrations. Please check back later or contact the administrator."
        actions={GO_ON}
      />
    );
  }

  const free = catalogue.state === 'loaded' ? catalogue.plans.find((plan) => plan.name === 'free') : undefined;
  return <RegisterForm freeLinks={free ? free.monthly_links_limit : null} />;
}

function RegisterForm({ freeLinks }: { freeLinks: number | null }) {
  const register = useSession((s) => s.register);
  const errorId = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [terms, setTerms] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<FieldProblem<RegisterField> | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const termsRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setServerError(null);
    const found = registerProblem({ email, password, confirmPassword, terms });
    setProblem(found);
    if (found) {
      const refs = { email: emailRef, password: passwordRef, confirmPassword: confirmRef, terms: termsRef };
      refs[found.field].current?.focus();
      return;
    }
    setBusy(true);
    try {
      // Registration signs in at once; the route guard then takes the new user to /dashboard.
      await register(email.trim(), password);
    } catch (error) {
      setServerError(errorText(error, REGISTRATION_FAILED));
      setBusy(false);
    }
  };

  const message = problem?.message ?? serverError;
  const invalid = (field: RegisterField) => problem?.field === field;

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Shorten links and watch every click arrive live."
      footer={<AuthSwitch question="Already have an account?" to="/login" label="Sign in" backHome />}
    >
      <FormAlert id={errorId} message={message} />

      <form className="auth-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
        <EmailField id="register-email" value={email} onChange={setEmail} invalid={invalid('email')} errorId={errorId} inputRef={emailRef} />
        <PasswordField
          label="Password"
          name="password"
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
          required
          hint="At least 6 characters."
          invalid={invalid('password')}
          errorId={errorId}
          inputRef={passwordRef}
        />
        <PasswordField
          label="Confirm Password"
          name="confirmPassword"
          value={confirmPassword}
          onChange={setConfirmPassword}
          autoComplete="new-password"
          required
          invalid={invalid('confirmPassword')}
          errorId={errorId}
          inputRef={confirmRef}
        />
        <label className="checkbox">
          <input
            ref={termsRef}
            type="checkbox"
            name="terms"
            checked={terms}
            onChange={(event) => setTerms(event.target.checked)}
            required
            aria-invalid={invalid('terms') || undefined}
            aria-describedby={invalid('terms') ? errorId : undefined}
          />
          <span>
            I agree to the {/* A new tab, so the form keeps what was typed. */}
            <a className="text-link" href="/terms" target="_blank" rel="noopener">
              Terms of Service
            </a>{' '}
            and{' '}
            <a className="text-link" href="/privacy" target="_blank" rel="noopener">
              Privacy Policy
            </a>
          </span>
        </label>
        <SubmitButton busy={busy} label="Create Account" busyLabel="Creating account..." />
      </form>

      <SocialButtons offer={REGISTER_PROVIDERS} dividerLabel="or sign up with" onError={setServerError} disabled={busy} />

      <p className="auth-note icon-line gap-3">
        <CheckIcon />
        <span>
          <strong>Free Forever Plan:</strong> {freeLinks === null ? 'Start free.' : `Start with ${formatLimit(freeLinks)} free links per month.`} No credit card
          required.
        </span>
      </p>
    </AuthLayout>
  );
}
