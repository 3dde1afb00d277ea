import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { accountsApi } from '../../api/endpoints.ts';
import { useSession } from './session.ts';
import { AuthWaiting } from './AuthResult.tsx';
import { callbackErrorCode, providerErrorCode, type LoginReturnCode } from './auth-messages.ts';
import { callbackUrl, findSocialSignIn } from './social-handoff.ts';
import { SecondFactorStep } from './SecondFactorStep.tsx';

/** Where the return leg ends: /dashboard, the code step of an account with a second factor, or /login with an error code. */
type Outcome = { ok: true } | { ok: 'second_factor'; challenge: string } | { ok: false; code: LoginReturnCode };

// The provider's code works once: the exchange runs once per code, however often the screen mounts.
const exchanges = new Map<string, Promise<Outcome>>();

async function exchange(code: string, returnedState: string | null): Promise<Outcome> {
  // The state the provider hands back must be one this tab was given when it set off.
  const pending = findSocialSignIn(returnedState);
  if (!pending) return { ok: false, code: 'auth_failed' };
  try {
    const answer = await accountsApi.socialCallback(pending.provider, code, callbackUrl(), pending.state);
    if ('second_factor_required' in answer) return { ok: 'second_factor', challenge: answer.challenge };
    await useSession.getState().signInWithToken(answer.access_token);
    return { ok: true };
  } catch (error) {
    return { ok: false, code: callbackErrorCode(error instanceof ApiError ? error.detail : null) };
  }
}

function exchangeOnce(code: string, returnedState: string | null): Promise<Outcome> {
  let outcome = exchanges.get(code);
  if (!outcome) {
    outcome = exchange(code, returnedState);
    exchanges.set(code, outcome);
  }
  return outcome;
}

/** The provider's return address (docs/accounts.md#social-sign-in). */
export default function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get('code');
  const providerError = params.get('error');
  const returnedState = params.get('state');
  const [challenge, setChallenge] = useState<string | null>(null);

  useEffect(() => {
    const toLogin = (error: LoginReturnCode) => void navigate(`/login?error=${error}`, { replace: true });
    // A refusal at the provider, or a return without a code, goes straight back to the login screen.
    const early = providerError ? providerErrorCode(providerError) : code ? null : 'no_code';
    if (early || !code) {
      toLogin(early ?? 'no_code');
      return;
    }
    let live = true;
    void exchangeOnce(code, returnedState).then((outcome) => {
      if (!live) return;
      if (outcome.ok === 'second_factor') setChallenge(outcome.challenge);
      else if (outcome.ok) void navigate('/dashboard', { replace: true });
      else toLogin(outcome.code);
    });
    return () => {
      live = false;
    };
  }, [code, providerError, returnedState, navigate]);

  // A good code at the code step signs in: then on to the dashboard.
  const signedIn = useSession((session) => session.status === 'signed-in');
  useEffect(() => {
    if (challenge && signedIn) void navigate('/dashboard', { replace: true });
  }, [challenge, signedIn, navigate]);

  if (challenge) {
    return (
      <SecondFactorStep
        challenge={challenge}
        onBack={() => void navigate('/login', { replace: true })}
        // An expired code step is an expired sign-in: the login screen says so.
        onExpired={() => void navigate('/login?error=code_expired', { replace: true })}
      />
    );
  }
  return <AuthWaiting title="Signing you in" text="Completing your sign-in, one moment..." />;
}
