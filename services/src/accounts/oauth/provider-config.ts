import type { EventStore, OAuthProvider } from '@linkledger/contracts';
import { NO_READ_MODEL, handleCommand } from '../../commands/command-handler.ts';
import { loadStream, type CommandContext } from '../../commands/command-context.ts';
import type { Config } from '../../platform/config.ts';
import { PROVIDER_DEFAULTS } from './providers.ts';
import { oauthError } from './errors.ts';
import { firstProviderAddressProblem, providerAddressProblem, providerName, type ProviderAddressField } from './provider-hosts.ts';
import { decryptSecret, encryptSecret } from '../../platform/secret-box.ts';
import { InvalidProviderSettings, configureProviderDecider, type ConfigureMode } from './provider-deciders.ts';
import { evolveProvider, providerStream, type ProviderSettings } from './provider-state.ts';

/** What reading or recording a provider's settings needs: the log, the installation secret, and the hosts the operator trusts. */
interface ProviderDeps {
  events: EventStore;
  secret: string;
  config: Pick<Config, 'OAUTH_EXTRA_PROVIDER_HOSTS'>;
}

const extraHosts = (config: ProviderDeps['config']) => config.OAUTH_EXTRA_PROVIDER_HOSTS ?? [];

export const CLIENT_SECRET_PURPOSE = 'oauth-client-secret';

export async function loadProvider(events: EventStore, provider: OAuthProvider) {
  return loadStream(events, providerStream(provider), null as ProviderSettings | null, evolveProvider);
}

/**
 * Whether settings name only the provider's own addresses (or hosts the operator trusts):
 * ones recorded before that rule, or naming a host the operator has since stopped trusting,
 * do not.
 */
export const addressesAllowed = (settings: ProviderSettings, config: ProviderDeps['config']) =>
  firstProviderAddressProblem(settings, extraHosts(config)) === null;

/**
 * The usable settings of an enabled provider, with its secret decrypted; null when off or
 * unset. Settings whose addresses are not allowed are refused before the secret is
 * decrypted, so it is never sent there.
 */
export async function enabledProvider(deps: ProviderDeps, provider: OAuthProvider) {
  const { state } = await loadProvider(deps.events, provider);
  if (!state?.enabled || !state.client_id) return null;
  if (!addressesAllowed(state, deps.config)) {
    throw oauthError.failed(`${providerName(provider)} sign-in is set up with an address that is not ${providerName(provider)}'s; an admin must correct it`);
  }
  return { ...state, client_secret: decryptSecret(deps.secret, CLIENT_SECRET_PURPOSE, state.client_secret_encrypted) };
}

interface ConfigureProviderInput {
  provider: OAuthProvider;
  client_id: string;
  /** Empty when editing: the stored secret stays. */
  client_secret: string;
  auth_url?: string | undefined;
  token_url?: string | undefined;
  userinfo_url?: string | undefined;
  scope?: string | undefined;
  redirect_uri?: string | undefined;
  enabled: boolean;
}

/** One of the provider's own addresses (provider-hosts.ts), or a 400 that names the field. */
function providerUrl(provider: OAuthProvider, field: ProviderAddressField, value: string, deps: ProviderDeps): string {
  const problem = providerAddressProblem(provider, field, value, extraHosts(deps.config));
  if (problem !== null) throw new InvalidProviderSettings(problem, field);
  return new URL(value).toString();
}

function httpUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidProviderSettings(`${name} must be an http(s) address, such as https://links.example.com/auth/callback (got "${value}")`, name);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new InvalidProviderSettings(`${name} must be an http(s) address (got "${value}")`, name);
  return url.toString();
}

/** The settings an input gives, its endpoints defaulting to the provider's public ones, checked (hosts, addresses), the secret sealed. */
export function providerSettingsOf(deps: ProviderDeps, input: ConfigureProviderInput, mode: ConfigureMode): ProviderSettings {
  const { secret } = deps;
  const defaults = PROVIDER_DEFAULTS[input.provider];
  if (!input.client_id.trim()) throw new InvalidProviderSettings('Client ID must not be empty', 'client_id');
  if (!input.client_secret && mode !== 'update') throw new InvalidProviderSettings('Client secret must not be empty', 'client_secret');
  return {
    provider: input.provider,
    client_id: input.client_id.trim(),
    // Empty on an edit: the decider keeps the stored one.
    client_secret_encrypted: input.client_secret ? encryptSecret(secret, CLIENT_SECRET_PURPOSE, input.client_secret) : '',
    auth_url: providerUrl(input.provider, 'auth_url', input.auth_url || defaults.auth_url, deps),
    token_url: providerUrl(input.provider, 'token_url', input.token_url || defaults.token_url, deps),
    userinfo_url: providerUrl(input.provider, 'userinfo_url', input.userinfo_url || defaults.userinfo_url, deps),
    scope: input.scope || defaults.scope,
    redirect_uri: input.redirect_uri ? httpUrl('redirect_uri', input.redirect_uri) : '',
    enabled: input.enabled,
  };
}

/** Records a provider's settings. */
export async function configureProvider(deps: ProviderDeps, context: CommandContext, input: ConfigureProviderInput, mode: ConfigureMode = 'replace') {
  return handleCommand({ events: deps.events, ...NO_READ_MODEL }, context, configureProviderDecider, { settings: providerSettingsOf(deps, input, mode), mode });
}
