import type { OAuthProvider } from '@linkledger/contracts';
import type { Decider } from '../../commands/command-handler.ts';
import { DomainError, conflict, notFound } from '../../commands/domain-error.ts';
import { providerName } from './provider-hosts.ts';
import { evolveProvider, providerStream, type ProviderSettings } from './provider-state.ts';

/** Settings an operator must correct; the message says how (a 400 over HTTP). */
export class InvalidProviderSettings extends DomainError {
  /** `field`: the setting's machine name (`token_url`); the answer names it by its label. */
  constructor(detail: string, field?: string) {
    super('invalid', detail, field === undefined ? {} : { field });
  }
}

/** `replace` (the CLI) records whatever was there; `create` refuses a configured provider, `update` an unconfigured one. */
export type ConfigureMode = 'replace' | 'create' | 'update';

/**
 * A provider's settings replace the previous ones whole (an edit without a new secret keeps
 * the stored one); sign-in reads them from the stream, so nothing waits for a read model.
 */
function decideProviderSettings(command: { settings: ProviderSettings; mode: ConfigureMode }, state: ProviderSettings | null) {
  const { settings, mode } = command;
  if (mode === 'create' && state) throw conflict(`${providerName(settings.provider)} sign-in is already configured: edit it instead.`);
  if (mode === 'update' && !state) throw notFound(`${providerName(settings.provider)} sign-in is not configured.`);
  const client_secret_encrypted = settings.client_secret_encrypted || state?.client_secret_encrypted;
  if (!client_secret_encrypted) throw new InvalidProviderSettings('Client secret must not be empty', 'client_secret');
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
