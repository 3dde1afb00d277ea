import { describe, it } from 'vitest';
import type { DomainEvent } from '@linkledger/contracts';
import { deciderSpec } from '../../testing/decider-spec.ts';
import { InvalidProviderSettings, configureProviderDecider, removeProviderDecider, toggleProviderDecider } from './provider-deciders.ts';
import type { ProviderSettings } from './provider-state.ts';

const settings: ProviderSettings = {
  provider: 'google',
  client_id: 'client-1',
  client_secret_encrypted: 'v1.sealed-1',
  auth_url: 'https://accounts.google.com/o/oauth2/v2/auth',
  token_url: 'https://oauth2.googleapis.com/token',
  userinfo_url: 'https://openidconnect.googleapis.com/v1/userinfo',
  scope: 'openid email profile',
  redirect_uri: '',
  enabled: true,
};
const configured: DomainEvent = { type: 'OAuthProviderConfigured', data: settings };
const configures = deciderSpec(configureProviderDecider, 'oauth-google');
const toggles = deciderSpec(toggleProviderDecider, 'oauth-google');
const removes = deciderSpec(removeProviderDecider, 'oauth-google');

describe('a sign-in provider’s settings', () => {
  it('given none, when an admin creates them, then they are recorded whole; creating them again is refused', () => {
    configures.given([]).when({ settings, mode: 'create' }).then([configured]);
    configures.given([configured]).when({ settings, mode: 'create' }).thenThrows('Google sign-in is already configured: edit it instead.');
  });

  it('given settings, when an edit leaves the secret empty, then the stored secret is kept; an edit of none is not found', () => {
    const edit = { ...settings, client_id: 'client-2', client_secret_encrypted: '' };
    configures
      .given([configured])
      .when({ settings: edit, mode: 'update' })
      .then([{ type: 'OAuthProviderConfigured', data: { ...edit, client_secret_encrypted: 'v1.sealed-1' } }]);
    configures.given([]).when({ settings: edit, mode: 'update' }).thenThrows('Google sign-in is not configured.');
  });

  it('given no stored secret, when settings come without one, then they are refused as settings to correct', () => {
    configures
      .given([])
      .when({ settings: { ...settings, client_secret_encrypted: '' }, mode: 'replace' })
      .thenThrows(InvalidProviderSettings);
  });

  it('switches a configured provider off once, and removes it; neither acts on a provider never configured', () => {
    toggles
      .given([configured])
      .when({ provider: 'google', enabled: false })
      .then([{ type: 'OAuthProviderConfigured', data: { ...settings, enabled: false } }]);
    toggles.given([configured]).when({ provider: 'google', enabled: true }).then([]);
    toggles.given([]).when({ provider: 'google', enabled: true }).thenThrows('Google sign-in is not configured.');
    removes
      .given([configured])
      .when({ provider: 'google' })
      .then([{ type: 'OAuthProviderRemoved', data: { provider: 'google' } }]);
    removes
      .given([configured, { type: 'OAuthProviderRemoved', data: { provider: 'google' } }])
      .when({ provider: 'google' })
      .thenThrows('Google sign-in is not configured.');
  });
});
