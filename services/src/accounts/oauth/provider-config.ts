import { domainEventOf, type EventStore, type OAuthProvider, type RecordedEvent } from '@linkledger/contracts';
import { NO_READ_MODEL, handleCommand, type Decider } from '../../commands/command-handler.ts';
import { loadStream, type CommandContext } from '../../commands/command-context.ts';
import { PROVIDER_DEFAULTS } from './providers.ts';
import { DomainError, conflict, notFound } from '../../commands/domain-error.ts';
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
  if (event?.type === 'OAuthProviderConfigured') return event.data;
  if (event?.type === 'OAuthProviderRemoved') return null;
  return state;
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
  /** Empty when editing: the stored secret stays. */
  client_secret: string;
  auth_url?: string | undefined;
  token_url?: string | undefined;
  userinfo_url?: string | undefined;
  scope?: string | undefined;
  redirect_uri?: string | undefined;
  enabled: boolean;
}

/** Settings an operator must correct; the message says how (a 400 over HTTP). */
export class InvalidProviderSettings extends DomainError {
  constructor(detail: string) {
    super('invalid', detail);
  }
}

/** `replace` (the CLI) records whatever was there; `create` refuses a configured provider, `update` an unconfigured one. */
export type ConfigureMode = 'replace' | 'create' | 'update';

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
export async function configureProvider(events: EventStore, secret: string, context: CommandContext, input: ConfigureProviderInput, mode: ConfigureMode = 'replace') {
  const defaults = PROVIDER_DEFAULTS[input.provider];
  if (!input.client_id.trim()) throw new InvalidProviderSettings('client id must not be empty');
  if (!input.client_secret && mode !== 'update') throw new InvalidProviderSettings('client secret must not be empty');
  const settings: ProviderSettings = {
    provider: input.provider,
    client_id: input.client_id.trim(),
    // Empty on an edit: the decider keeps the stored one.
    client_secret_encrypted: input.client_secret ? encryptSecret(secret, CLIENT_SECRET_PURPOSE, input.client_secret) : '',
    auth_url: httpUrl('auth url', input.auth_url || defaults.auth_url),
    token_url: httpUrl('token url', input.token_url || defaults.token_url),
    userinfo_url: httpUrl('userinfo url', input.userinfo_url || defaults.userinfo_url),
    scope: input.scope || defaults.scope,
    redirect_uri: input.redirect_uri ? httpUrl('redirect uri', input.redirect_uri) : '',
    enabled: input.enabled,
  };
  return handleCommand({ events, ...NO_READ_MODEL }, context, configureProviderDecider, { settings, mode });
}

const providerName = (provider: OAuthProvider) => provider[0]!.toUpperCase() + provider.slice(1);

/**
 * A provider's settings replace the previous ones whole (an edit without a new secret keeps
 * the stored one); sign-in reads them from the stream, so nothing waits for a read model.
 */
export function decideProviderSettings(command: { settings: ProviderSettings; mode: ConfigureMode }, state: ProviderSettings | null) {
  const { settings, mode } = command;
  if (mode === 'create' && state) throw conflict(`${providerName(settings.provider)} sign-in is already configured: edit it instead.`);
  if (mode === 'update' && !state) throw notFound(`${providerName(settings.provider)} sign-in is not configured.`);
  const client_secret_encrypted = settings.client_secret_encrypted || state?.client_secret_encrypted;
  if (!client_secret_encrypted) throw new InvalidProviderSettings('client secret must not be empty');
  return [{ type: 'OAuthProviderConfigured' as const, data: { ...settings, client_secret_encrypted } }];
}

export const configureProviderDecider: Decider<{ settings: ProviderSettings; mode: ConfigureMode }, ProviderSettings | null> = {
  streamOf: (command) => providerStream(command.settings.provider),
  initialState: null,
  evolve: evolveProvider,
  decide: decideProviderSettings,
};

/** Switches a configured provider on or off; the same state again changes nothing. */
export const toggleProviderDecider: Decider<{ provider: OAuthProvider; enabled: boolean }, ProviderSettings | null> = {
  streamOf: (command) => providerStream(command.provider),
  initialState: null,
  evolve: evolveProvider,
  decide: (command, state) => {
    if (!state) throw notFound(`${providerName(command.provider)} sign-in is not configured.`);
    return state.enabled === command.enabled ? [] : [{ type: 'OAuthProviderConfigured', data: { ...state, enabled: command.enabled } }];
  },
};

/** Forgets a provider's settings (its secret included): sign-in with it stops at once. */
export const removeProviderDecider: Decider<{ provider: OAuthProvider }, ProviderSettings | null> = {
  streamOf: (command) => providerStream(command.provider),
  initialState: null,
  evolve: evolveProvider,
  decide: (command, state) => {
    if (!state) throw notFound(`${providerName(command.provider)} sign-in is not configured.`);
    return [{ type: 'OAuthProviderRemoved', data: { provider: command.provider } }];
  },
};
