import { useId, useRef, useState, type FormEvent } from 'react';
import { ApiError, errorText } from '../../api/client.ts';
import { ArrowLeftIcon, ShieldIcon } from '../../ui/icons.tsx';
import { AuthLayout, StatusBadge } from './AuthLayout.tsx';
import { FormAlert, SubmitButton } from './AuthForm.tsx';
import { SECOND_FACTOR_CODE_MISSING, SECOND_FACTOR_FAILED } from './auth-messages.ts';
import { SecondFactorCodeField } from './SecondFactorCodeField.tsx';
import { useSession } from './session.ts';

interface SecondFactorStepProps {
  challenge: string;
  /** Back to the first step (the password, or the login screen after a social sign-in). */
  onBack(): void;
  /** The challenge is no longer good (expired, used, the password changed): start over, with the server's words. */
  onExpired(message: string): void;
}

/**
 * The code step of a sign-in (docs/accounts.md#second-factor): after a correct password or
 * a provider's word, an account with a second factor enters a code from its authenticator
 * app, or one of its recovery codes. A good code signs in; the route guard moves on.
 */
export function SecondFactorStep({ challenge, onBack, onExpired }: SecondFactorStepProps) {
  const errorId = useId();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!code.trim()) {
      setError(SECOND_FACTOR_CODE_MISSING);
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await useSession.getState().completeSecondFactor(challenge, code.trim());
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 401) return onExpired(errorText(failure, SECOND_FACTOR_FAILED));
      setError(errorText(failure, SECOND_FACTOR_FAILED));
      setCode('');
      setBusy(false);
      input.current?.focus();
    }
  };

  const switchKind = () => {
    setRecovery((was) => !was);
    setCode('');
    setError(null);
    input.current?.focus();
  };

  return (
    <AuthLayout
      title="Two-step verification"
      subtitle={recovery ? 'Enter one of your recovery codes. Each code works once.' : 'Enter the 6-digit code from your authenticator app.'}
      badge={
        <StatusBadge tone="info">
          <ShieldIcon />
        </StatusBadge>
      }
    >
      <FormAlert id={errorId} message={error} />
      <form className="auth-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
        <SecondFactorCodeField
          label={recovery ? 'Recovery code' : 'Authentication code'}
          kind={recovery ? 'recovery' : 'authenticator'}
          value={code}
          onChange={setCode}
          inputRef={input}
          autoFocus
          disabled={busy}
          invalid={Boolean(error)}
          errorId={errorId}
        />
        <SubmitButton busy={busy} label="Verify" busyLabel="Verifying..." />
        <button type="button" className="text-link second-factor__switch" onClick={switchKind} disabled={busy}>
          {recovery ? 'Use your authenticator app instead' : 'Use a recovery code instead'}
        </button>
        <button type="button" className="button button--ghost button--lg button--block" onClick={onBack} disabled={busy}>
          <ArrowLeftIcon />
          Back to Login
        </button>
      </form>
    </AuthLayout>
  );
}
