import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { accountsApi } from '../../api/endpoints.ts';
import { useSession } from './session.ts';
import { MailIcon } from '../../ui/icons.tsx';
import { StatusBadge } from './AuthLayout.tsx';
import { AuthResult, AuthWaiting, GO_ON } from './AuthResult.tsx';
import { ALREADY_VERIFIED_REDIRECT_MS, VERIFICATION_TOKEN_MISSING, VERIFIED_REDIRECT_MS, verificationErrorMessage } from './auth-messages.ts';

type View = { name: 'loading' } | { name: 'success'; message: string; alreadyVerified: boolean } | { name: 'error'; message: string };

// A link is followed once per page load, even if the screen mounts twice (StrictMode, remounts).
const verifications = new Map<string, ReturnType<typeof accountsApi.verifyEmail>>();
function verifyOnce(token: string) {
  let pending = verifications.get(token);
  if (!pending) {
    pending = accountsApi.verifyEmail(token);
    verifications.set(token, pending);
  }
  return pending;
}

/** The email verification screen (docs/accounts.md#email-verification): loading, success (then /login), error. */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [view, setView] = useState<View>(() => (token ? { name: 'loading' } : { name: 'error', message: VERIFICATION_TOKEN_MISSING }));
  const navigate = useNavigate();

  useEffect(() => {
    if (!token) return;
    let live = true;
    verifyOnce(token).then(
      ({ message, already_verified }) => {
        // Proving the address ended every session (docs/accounts.md#taking-an-account-back): this browser's
        // token is forgotten here, so the success view stays until the login screen. A link followed
        // again ends nothing, and a signed-in user's "verify your email" banner just goes away.
        const session = useSession.getState();
        if (session.status === 'signed-in') {
          if (already_verified) void session.reloadUser().catch(() => undefined);
          else session.clear();
        }
        if (live) setView({ name: 'success', message, alreadyVerified: already_verified });
      },
      (error: unknown) => live && setView({ name: 'error', message: verificationErrorMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  const successDelay = view.name === 'success' ? (view.alreadyVerified ? ALREADY_VERIFIED_REDIRECT_MS : VERIFIED_REDIRECT_MS) : null;
  useEffect(() => {
    if (successDelay === null) return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), successDelay);
    return () => clearTimeout(timer);
  }, [successDelay, navigate]);

  switch (view.name) {
    case 'loading':
      return (
        <AuthWaiting
          title="Verifying your email"
          badge={
            <StatusBadge tone="info">
              <MailIcon />
            </StatusBadge>
          }
          text="Please wait while we verify your email address..."
        />
      );
    case 'success':
      return (
        <AuthResult
          title={view.alreadyVerified ? 'Email Already Verified' : 'Email Verified!'}
          tone="success"
          message={view.message}
          redirecting
          actions={[{ to: '/login', label: 'Go to Login now', replace: true }]}
        />
      );
    case 'error':
      return <AuthResult title="Verification Failed" tone="error" message={view.message} actions={GO_ON} />;
  }
}
