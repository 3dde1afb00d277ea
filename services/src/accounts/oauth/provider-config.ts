import { domainEventOf, type EventStore, type OAuthProvider, type RecordedEvent } from '@linkledger/contracts';
import { NO_READ_MODEL, handleCommand, type Decider } from '../../commands/command-handler.ts';
import { loadStream, type CommandContext } from '../../commands/command-context.ts';
import { PROVIDER_DEFAULTS } from './providers.ts';
import { decryptSecret, encryptSecret } from './secret-box.ts';

export const CLIENT_SECRET_PURPOSE = 'oauth-client-secret';

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

export function evolveProvider(state: ProviderSettings | null, recorded: RecordedEvent): ProviderSettings | null {
  const event = domainEventOf(recorded);
  return event?.type === 'OAuthProviderConfigured' ? event.data : state;
}

export async function loadProvider(events: EventStore, provider: OAuthProvider) {
  return loadStream(events, providerStream(provider), null as ProviderSettings | null, evolveProvider);
}

/** The usable settings of an enabled provider, with its secret decrypted; null when off or unset. */
export async function enabledProvider(events: EventStore, secret: string, provider: OAuthProvider) {
  const { state } = await loadProvider(events, provider);
  if (!state?.enabled || !state.client_id) return null;
  return { ...state, client_secret: decryptSecret(secret, CLIENT_SECRET_PURPOSE, state.client_secret_encrypted) };
}

export interface ConfigureProviderInput {
  provider: OAuthProvider;
  client_id: string;
  client_secret: string;
  auth_url?: string | undefined;
  token_url?: string | undefined;
  userinfo_url?: string | undefined;
  scope?: string | undefined;
  redirect_uri?: string | undefined;
  enabled: boolean;
}

/** Settings an operator must correct; the message says how. */
export class InvalidProviderSettings extends Error {
  override name = 'InvalidProviderSettings';
}

function httpUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidProviderSettings(`${name} must be an http(s) address, such as https://accounts.example.com/token (got "${value}")`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new InvalidProviderSettings(`${name} must be an http(s) address (got "${value}")`);
  return url.toString();
}

/** Records a provider's settings, its endpoints defaulting to the provider's public ones. */
export async function configureProvider(events: EventStore, secret: string, context: CommandContext, input: ConfigureProviderInput) {
  const defaults = PROVIDER_DEFAULTS[input.provider];
  if (!input.client_id.trim()) throw new InvalidProviderSettings('client id must not be empty');
  if (!input.client_secret) throw new InvalidProviderSettings('client secret must not be empty');
  const settings: ProviderSettings = {
    provider: input.provider,
    client_id: input.client_id.trim(),
    client_secret_encrypted: encryptSecret(secret, CLIENT_SECRET_PURPOSE, input.client_secret),
    auth_url: httpUrl('auth url', input.auth_url ?? defaults.auth_url),
    token_url: httpUrl('token url', input.token_url ?? defaults.token_url),
    userinfo_url: httpUrl('userinfo url', input.userinfo_url ?? defaults.userinfo_url),
    scope: input.scope ?? defaults.scope,
    redirect_uri: input.redirect_uri ? httpUrl('redirect uri', input.redirect_uri) : '',
    enabled: input.enabled,
  };
  return handleCommand({ events, ...NO_READ_MODEL }, context, configureProviderDecider, settings);
}

/** A provider's settings replace the previous ones whole; sign-in reads them from the stream, so nothing waits for a read model. */
export const configureProviderDecider: Decider<ProviderSettings, ProviderSettings | null> = {
  streamOf: (settings) => providerStream(settings.provider),
  initialState: null,
  evolve: evolveProvider,
  decide: (settings) => [{ type: 'OAuthProviderConfigured', data: settings }],
};
