import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadingScreen } from '../../ui/LoadingScreen.tsx';
import { TOKEN_KEY } from '../../api/client.ts';
import { useSession } from './session.ts';

/** Signed-in routes: without a user the stored token is removed and the visitor goes to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const status = useSession((s) => s.status);
  const location = useLocation();
  if (status === 'loading') return <LoadingScreen />;
  if (status === 'signed-out') {
    localStorage.removeItem(TOKEN_KEY);
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  }
  return <>{children}</>;
}

/**
 * Landing and account-entry routes: a signed-in user goes to the dashboard — or, right after
 * signing in, back to the protected page RequireAuth sent them from (`state.from`).
 */
export function PublicOnly({ children }: { children: ReactNode }) {
  const status = useSession((s) => s.status);
  const location = useLocation();
  if (status === 'loading') return <LoadingScreen />;
  if (status === 'signed-in') return <Navigate to={returnPath(location.state) ?? '/dashboard'} replace />;
  return <>{children}</>;
}

/**
 * Pages anyone may read (the API docs, the support FAQ, the terms): a signed-in user sees
 * them in the signed-in frame, a visitor in the site's, and neither is sent elsewhere.
 */
export function ForAnyone({ signedIn, visitor }: { signedIn: ReactNode; visitor: ReactNode }) {
  const status = useSession((s) => s.status);
  if (status === 'loading') return <LoadingScreen />;
  return <>{status === 'signed-in' ? signedIn : visitor}</>;
}

/** A same-site path to return to after signing in; anything else is ignored. */
function returnPath(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
}
