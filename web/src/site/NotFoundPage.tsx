import './NotFoundPage.css';
import { Link } from 'react-router';
import { useSession } from '../features/auth/index.ts';
import { SiteFrame } from './SiteFrame.tsx';

/**
 * The 404 screen (docs/web-app.md#the-404-page): also what unknown and deleted short links show. Its helpful
 * links are Login, Register and Support (a visitor who is not signed in is asked to sign in
 * first, then taken there); a signed-in visitor gets their Dashboard and the docs in place of
 * Login and Register.
 */
export function NotFoundPage() {
  const signedIn = useSession((s) => s.status === 'signed-in');
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
    <SiteFrame className="container not-found">
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
    </SiteFrame>
  );
}
