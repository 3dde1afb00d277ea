import { useState } from 'react';
import { accountsApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/client.ts';
import { AlertIcon, CloseIcon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { toast } from '../../ui/toasts.ts';

const dismissedKey = (userId: number) => `verify-banner-dismissed-${userId}`;

/** Shown while the e-mail address is not verified; dismissing it is local to this browser session (docs/accounts.md#email-verification). */
export function VerificationBanner({ userId, email }: { userId: number; email: string }) {
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(dismissedKey(userId)) === '1');
  const [sending, setSending] = useState(false);
  if (dismissed) return null;

  const dismiss = () => {
    sessionStorage.setItem(dismissedKey(userId), '1');
    setDismissed(true);
  };

  const resend = async () => {
    setSending(true);
    try {
      await accountsApi.requestVerification();
      toast('Verification Email Sent', 'success', `Check ${email} for the link. It is valid for 24 hours.`);
    } catch (error) {
      toast('Request Failed', 'error', errorText(error, 'The verification e-mail could not be sent. Please try again.'));
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="banner banner--info dash-banner" aria-labelledby="verify-banner-title">
      <AlertIcon />
      <div className="banner__body">
        <h2 id="verify-banner-title" className="banner__title dash-banner__title">
          Please verify your email address
        </h2>
        <p>
          We sent a verification link to <strong className="dash-banner__email">{email}</strong>. Verifying keeps your account recoverable and secure.
        </p>
      </div>
      <div className="dash-banner__actions cluster cluster--center">
        <button type="button" className="button button--secondary button--sm" onClick={() => void resend()} disabled={sending}>
          {sending ? <Spinner size="sm" /> : null}
          {sending ? 'Sending…' : 'Resend verification email'}
        </button>
        <button type="button" className="icon-button" aria-label="Dismiss verification reminder" onClick={dismiss}>
          <CloseIcon />
        </button>
      </div>
    </section>
  );
}
