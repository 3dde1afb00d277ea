import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AlertIcon, CheckIcon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { AuthLayout, StatusBadge } from './AuthLayout.tsx';

/*
 * The status views the account screens share: waiting for the server, a success that moves
 * on to /login by itself, and a failure or notice with ways on.
 */

/** A spinner and a line while the server answers ("Verifying your email"). */
export function AuthWaiting({ title, badge, text }: { title: string; badge?: ReactNode; text: string }) {
  return (
    <AuthLayout title={title} badge={badge}>
      <div className="auth-status" role="status" aria-live="polite">
        <Spinner size="lg" />
        <p>{text}</p>
      </div>
    </AuthLayout>
  );
}

interface AuthWayOn {
  to: string;
  label: string;
  /** Replace this screen in the history (it cannot be gone back to). */
  replace?: boolean;
}

/** Where a dead end leads: Go to Login, or Back to Home. */
export const GO_ON: readonly AuthWayOn[] = [
  { to: '/login', label: 'Go to Login' },
  { to: '/', label: 'Back to Home' },
];

interface AuthResultProps {
  title: string;
  tone: 'success' | 'error' | 'warning';
  /** A heading above the message (the Registration Disabled notice). */
  heading?: string;
  message: string;
  /** The success views' "Redirecting to login page" line: the screen sets the timer. */
  redirecting?: boolean;
  /** The first is the primary button. */
  actions: readonly AuthWayOn[];
}

/** A result: success is announced politely, an error as an alert, a notice quietly. */
export function AuthResult({ title, tone, heading, message, redirecting, actions }: AuthResultProps) {
  const [primary, ...others] = actions;
  const button = (action: AuthWayOn, kind: 'primary' | 'secondary') => (
    <Link key={action.to} className={`button button--${kind} button--lg button--block`} to={action.to} replace={action.replace}>
      {action.label}
    </Link>
  );
  return (
    <AuthLayout title={title} badge={<StatusBadge tone={tone}>{tone === 'success' ? <CheckIcon /> : <AlertIcon />}</StatusBadge>}>
      <div className="auth-result" {...(tone === 'success' ? { role: 'status', 'aria-live': 'polite' } : tone === 'error' ? { role: 'alert' } : {})}>
        {heading ? <h2 className="auth-result__title">{heading}</h2> : null}
        <p className="auth-result__text">{message}</p>
        {redirecting ? (
          <p className="auth-redirect">
            <Spinner size="sm" />
            Redirecting to login page
          </p>
        ) : null}
      </div>
      {primary && others.length === 0 ? (
        button(primary, 'primary')
      ) : (
        <div className="stack gap-3 auth-actions">
          {primary ? button(primary, 'primary') : null}
          {others.map((action) => button(action, 'secondary'))}
        </div>
      )}
    </AuthLayout>
  );
}
