import type { DomainEvent, OAuthProvider } from '@linkledger/contracts';

/** A provider's settings as the `oauth-{provider}` stream last recorded them (secret still encrypted). */
export interface ProviderSettings {
  provider: OAuthProvider;
  client_id: string;
  client_secret_encrypted: string;
  auth_url: string;
  token_url: string;
  userinfo_url: string;
  scope: string;
  redirect_uri: string;
  enabled: boolean;
}

export const providerStream = (provider: OAuthProvider) => `oauth-${provider}`;

export function evolveProvider(state: ProviderSettings | null, event: DomainEvent): ProviderSettings | null {
  if (event.type === 'OAuthProviderConfigured') return event.data;
  if (event.type === 'OAuthProviderRemoved') return null;
  return state;
}
