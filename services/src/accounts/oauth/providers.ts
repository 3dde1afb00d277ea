import { OAuthProvider } from '@linkledger/contracts';
import { invalid } from '../../commands/domain-error.ts';

export type { OAuthProvider };
export const PROVIDERS = OAuthProvider.options;

interface ProviderEndpoints {
  auth_url: string;
  token_url: string;
  userinfo_url: string;
  scope: string;
  /** How the client proves itself at the token endpoint (RFC 6749, section 2.3.1): one way only. */
  client_auth: 'post' | 'basic';
  /** The provider's own hosts: the only ones its addresses may name (provider-hosts.ts). */
  hosts: readonly string[];
}

/** The providers' public endpoints; an admin may point each at another address of the same provider. */
export const PROVIDER_DEFAULTS: Record<OAuthProvider, ProviderEndpoints> = {
  google: {
    auth_url: 'https://accounts.google.com/o/oauth2/v2/auth',
    token_url: 'https://oauth2.googleapis.com/token',
    userinfo_url: 'https://openidconnect.googleapis.com/v1/userinfo',
    scope: 'openid email profile',
    client_auth: 'post',
    // Google's discovery document names these (and the older www.googleapis.com/oauth2/v3/userinfo).
    hosts: ['accounts.google.com', 'oauth2.googleapis.com', 'openidconnect.googleapis.com', 'www.googleapis.com'],
  },
  facebook: {
    auth_url: 'https://www.facebook.com/v19.0/dialog/oauth',
    token_url: 'https://graph.facebook.com/v19.0/oauth/access_token',
    userinfo_url: 'https://graph.facebook.com/me?fields=id,name,email',
    scope: 'email public_profile',
    client_auth: 'post',
    hosts: ['www.facebook.com', 'facebook.com', 'graph.facebook.com'],
  },
  twitter: {
    auth_url: 'https://twitter.com/i/oauth2/authorize',
    token_url: 'https://api.twitter.com/2/oauth2/token',
    userinfo_url: 'https://api.twitter.com/2/users/me?user.fields=confirmed_email',
    scope: 'users.read tweet.read users.email',
    client_auth: 'basic',
    // X answers on its new names as well as Twitter's.
    hosts: ['twitter.com', 'api.twitter.com', 'x.com', 'api.x.com'],
  },
};

export const unsupportedProvider = (name: string) => invalid(`Unsupported provider: ${name}`);

/** A provider named in a path, or the refusal "Unsupported provider: {provider}" (docs/accounts.md#social-sign-in). */
export function parseProvider(name: string): OAuthProvider {
  const parsed = OAuthProvider.safeParse(name);
  if (!parsed.success) throw unsupportedProvider(name);
  return parsed.data;
}
