import './NotFoundPage.css';
import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { useSession } from '../features/auth/index.ts';
import { AppShell } from '../shell/AppShell.tsx';
import { LoadingScreen } from '../ui/LoadingScreen.tsx';
import { SiteFrame } from './SiteFrame.tsx';

/**
 * The 404 screen (docs/web-app.md#the-404-page): also what unknown and deleted short links show. Its helpful
 * links are Login, Register and Support (a visitor who is not signed in is asked to sign in
 * first, then taken there); a signed-in visitor gets their Dashboard and the docs in place of
 * Login and Register, inside their own signed-in frame (sidebar) rather than the visitor's header.
 */
export function NotFoundPage() {
  const status = useSession((s) => s.status);
  // A stored session is still being checked: neither frame yet, so a signed-in user never sees the visitor's header flash.
  if (status === 'loading') return <LoadingScreen />;
  const signedIn = status === 'signed-in';
  const links = signedIn
    ? [
        { to: '/dashboard', label: 'Dashboard' },
        { to: '/docs', label: 'Documentation' },
        { to: '/support', label: 'Support' },
      ]
    : [
        { to: '/login', label: 'Login' },
        { to: '/register', label: 'Register' },
        { to: '/support', label: 'Support' },
      ];
  return (
    <NotFoundFrame signedIn={signedIn}>
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>Page Not Found</h1>
      <p className="not-found__text">The URL you're trying to access doesn't exist.</p>
      <div className="not-found__actions">
        <button type="button" className="button button--secondary button--lg" onClick={() => window.history.back()}>
          Go Back
        </button>
        <Link className="button button--primary button--lg" to="/">
          Go to Homepage
        </Link>
      </div>
      <nav aria-label="Helpful links" className="not-found__links">
        {links.map((link) => (
          <Link key={link.to} to={link.to}>
            {link.label}
          </Link>
        ))}
      </nav>
    </NotFoundFrame>
  );
}

function NotFoundFrame({ signedIn, children }: { signedIn: boolean; children: ReactNode }) {
  if (!signedIn) return <SiteFrame className="container not-found">{children}</SiteFrame>;
  return (
    <AppShell>
      <div className="not-found">{children}</div>
    </AppShell>
  );
}
