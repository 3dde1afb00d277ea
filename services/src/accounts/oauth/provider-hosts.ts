import { PROVIDER_DEFAULTS, type OAuthProvider } from './providers.ts';

/** The addresses of a provider's settings that sign-in calls or sends the browser to. */
const PROVIDER_ADDRESS_FIELDS = ['auth_url', 'token_url', 'userinfo_url'] as const;
export type ProviderAddressField = (typeof PROVIDER_ADDRESS_FIELDS)[number];

export const providerName = (provider: OAuthProvider) => provider[0]!.toUpperCase() + provider.slice(1);

/**
 * Why an address may not be one of the provider's, or null when it may
 * (docs/admin.md#sign-in-providers): https on one of the provider's own hosts, or http(s)
 * on a host the operator trusts in the environment (OAUTH_EXTRA_PROVIDER_HOSTS: a local
 * identity server in tests, an intranet's). Whoever answers the token and user information
 * addresses decides who signs in and receives the client secret, so an admin setting alone
 * never chooses another host.
 */
export function providerAddressProblem(provider: OAuthProvider, field: ProviderAddressField, value: string, extraHosts: readonly string[]): string | null {
  const own = PROVIDER_DEFAULTS[provider].hosts;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${field} must be an address such as ${PROVIDER_DEFAULTS[provider][field].split('?')[0]} (got "${value}")`;
  }
  if (extraHosts.includes(url.hostname) && (url.protocol === 'https:' || url.protocol === 'http:')) return null;
  if (url.protocol === 'https:' && own.includes(url.hostname)) return null;
  return (
    `${field} must be an https address on one of ${providerName(provider)}'s hosts (${own.join(', ')}); "${url.host || value}" is not one. ` +
    'Another identity server is allowed only when the operator names its host in OAUTH_EXTRA_PROVIDER_HOSTS.'
  );
}

/** The first of the settings' addresses that may not be the provider's, with why; null when all may. */
export function firstProviderAddressProblem(
  settings: { provider: OAuthProvider } & Record<ProviderAddressField, string>,
  extraHosts: readonly string[],
): { field: ProviderAddressField; problem: string } | null {
  for (const field of PROVIDER_ADDRESS_FIELDS) {
    const problem = providerAddressProblem(settings.provider, field, settings[field], extraHosts);
    if (problem !== null) return { field, problem };
  }
  return null;
}
