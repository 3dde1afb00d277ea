import { useState } from 'react';
import { errorText } from '../../api/client.ts';
import { accountsApi } from '../../api/endpoints.ts';
import { useQuery } from '../../api/query.ts';
import type { AuthProviders } from '../../api/types.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { SOCIAL_LOGIN_FAILED } from './auth-messages.ts';
import { callbackUrl, rememberSocialSignIn } from './social-handoff.ts';

export type Provider = keyof AuthProviders['providers'];

const NAMES: Record<Provider, string> = { google: 'Google', facebook: 'Facebook', twitter: 'Twitter' };

/** Which sign-in providers the installation has on: both entry screens read it. */
const PROVIDERS_QUERY = ['auth-providers'] as const;
const loadProviders = () => accountsApi.providers();

interface SocialButtonsProps {
  /** The providers this screen offers (docs/accounts.md#social-sign-in: register offers google and facebook only). */
  offer: readonly Provider[];
  /** The divider's words ("or continue with"). */
  dividerLabel: string;
  onError(message: string): void;
  disabled?: boolean;
}

/**
 * Buttons for the offered providers the server reports as enabled; none at all (not even the
 * divider) when no provider is on. A click asks the server where to go and keeps its state.
 */
export function SocialButtons({ offer, dividerLabel, onError, disabled }: SocialButtonsProps) {
  // No list (still loading, or failed), no buttons: e-mail sign-in still works.
  const providers = useQuery(PROVIDERS_QUERY, loadProviders).data?.providers;
  const enabled = providers ? offer.filter((name) => providers[name]?.enabled) : [];
  const [busy, setBusy] = useState<Provider | null>(null);

  if (enabled.length === 0) return null;

  const start = async (provider: Provider) => {
    setBusy(provider);
    try {
      const { authorization_url, state } = await accountsApi.authorize(provider, callbackUrl());
      rememberSocialSignIn({ provider, state });
      window.location.assign(authorization_url);
    } catch (error) {
      setBusy(null);
      onError(errorText(error, SOCIAL_LOGIN_FAILED));
    }
  };

  return (
    <div className="stack social">
      <p className="divider">{dividerLabel}</p>
      <div className="grid gap-2 social__buttons" data-count={enabled.length}>
        {enabled.map((provider) => (
          <button
            key={provider}
            type="button"
            className="button button--secondary social__button"
            onClick={() => void start(provider)}
            disabled={disabled || busy !== null}
            aria-label={`Continue with ${NAMES[provider]}`}
          >
            {busy === provider ? <Spinner size="sm" /> : <ProviderMark provider={provider} />}
            <span aria-hidden="true">{NAMES[provider]}</span>
          </button>
        ))}
      </div>
    </div>
  );
}

/** Single-colour provider marks (they take the text colour, like the app's other icons). */
function ProviderMark({ provider }: { provider: Provider }) {
  const paths: Record<Provider, string> = {
    google:
      'M21.6 12.23c0-.71-.06-1.4-.18-2.05H12v3.88h5.38a4.6 4.6 0 0 1-2 3.02v2.5h3.24c1.9-1.75 2.98-4.32 2.98-7.35ZM12 22c2.7 0 4.97-.9 6.62-2.42l-3.24-2.5c-.9.6-2.04.95-3.38.95-2.6 0-4.8-1.76-5.59-4.12H3.08v2.59A10 10 0 0 0 12 22Zm-5.59-8.09a6 6 0 0 1 0-3.82V7.5H3.08a10 10 0 0 0 0 9l3.33-2.59ZM12 5.96c1.47 0 2.79.5 3.83 1.5l2.87-2.87A9.6 9.6 0 0 0 12 2a10 10 0 0 0-8.92 5.5l3.33 2.59C7.2 7.72 9.4 5.96 12 5.96Z',
    facebook:
      'M22 12a10 10 0 1 0-11.56 9.88v-6.99H7.9V12h2.54V9.8c0-2.5 1.5-3.89 3.77-3.89 1.1 0 2.24.2 2.24.2v2.46h-1.26c-1.24 0-1.63.77-1.63 1.56V12h2.78l-.44 2.89h-2.34v6.99A10 10 0 0 0 22 12Z',
    twitter: 'M17.75 3h3.07l-6.7 7.66L22 21h-6.17l-4.84-6.32L5.46 21H2.38l7.17-8.2L2 3h6.33l4.37 5.78L17.75 3Zm-1.08 16.2h1.7L7.4 4.73H5.58l11.1 14.47Z',
  };
  return (
    <svg className="icon social__mark" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d={paths[provider]} fill="currentColor" />
    </svg>
  );
}
