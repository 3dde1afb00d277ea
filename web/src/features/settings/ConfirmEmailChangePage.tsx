import './settings.css';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../../api/client.ts';
import { useSession } from '../auth/index.ts';
import { LogoMark } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { settingsApi } from './settings-api.ts';
import { StatusLine } from './StatusLine.tsx';

const TOKEN_MISSING = 'Invalid e-mail change link. Token is missing.';

// A link is followed once per page load, even if the screen mounts twice.
const confirmations = new Map<string, Promise<{ message: string }>>();
function confirmOnce(token: string) {
  let pending = confirmations.get(token);
  if (!pending) confirmations.set(token, (pending = settingsApi.confirmEmailChange(token)));
  return pending;
}

/** /confirm-email-change?token=…: the link mailed to a new address (docs/accounts.md#changing-the-e-mail-address). */
export default function ConfirmEmailChangePage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [result, setResult] = useState<string | null>(token ? null : TOKEN_MISSING);
  const signedIn = useSession((s) => s.status === 'signed-in');

  useEffect(() => {
    if (!token) return;
    let live = true;
    confirmOnce(token).then(
      ({ message }) => {
        if (useSession.getState().status === 'signed-in')
          void useSession
            .getState()
            .reloadUser()
            .catch(() => undefined);
        if (live) setResult(message);
      },
      (error: unknown) => live && setResult(errorText(error, 'Failed to change your e-mail address. Please try again.')),
    );
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <main className="confirm-email">
      <div className="card confirm-email__card">
        <p className="brand">
          <LogoMark />
          <span>Linkledger</span>
        </p>
        <h1 className="card__title">Confirm your new e-mail address</h1>
        {result === null ? (
          <p className="settings__loading" role="status">
            <Spinner size="sm" /> Changing your address…
          </p>
        ) : (
          <StatusLine text={result} />
        )}
        <Link className="button button--primary" to={signedIn ? '/settings' : '/login'}>
          {signedIn ? 'Back to settings' : 'Go to sign in'}
        </Link>
      </div>
    </main>
  );
}
