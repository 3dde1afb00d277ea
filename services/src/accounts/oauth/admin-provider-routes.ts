import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ErrorBody,
  OAuthConfigAnswer,
  OAuthConfigBody,
  OAuthConfigList,
  OAuthConfigUpdateBody,
  OAuthProviderParams,
  OAuthToggleQuery,
  type DomainEvent,
  type OAuthProvider,
} from '@linkledger/contracts';
import { PROVIDERS } from './providers.ts';
import { CLIENT_SECRET_PURPOSE, providerSettingsOf } from './provider-config.ts';
import { configureProviderDecider, removeProviderDecider, toggleProviderDecider, type ConfigureMode } from './provider-deciders.ts';
import { evolveProvider, providerStream, type ProviderSettings } from './provider-state.ts';
import { providerName } from './provider-hosts.ts';
import { decryptSecret, maskSecret } from '../../platform/secret-box.ts';
import { NO_READ_MODEL, type Decider } from '../../commands/command-handler.ts';
import { callerOf } from '../../http/access.ts';
import { commandContext } from '../../http/command-context.ts';
import type { Platform } from '../../platform/platform.ts';
import { describeChanges, handleTellingSuperAdmin, type FieldLabels, type SettingsChange } from '../../admin/index.ts';
import { foldEvents } from '../../commands/event-port.ts';
import { routesFor } from '../../http/declared-routes.ts';

const ADMINS_CONFIGURE_SIGN_IN = 'Only an admin or super admin can configure sign-in providers.';
const admin = { access: 'admin', refusal: ADMINS_CONFIGURE_SIGN_IN } as const;
const errors = { 400: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** How a provider's fields are named in the super admin's notice of a change. */
const PROVIDER_FIELDS: FieldLabels<ProviderSettings> = {
  enabled: { label: 'Enabled' },
  client_id: { label: 'Client ID' },
  client_secret_encrypted: { label: 'Client secret', secret: true },
  auth_url: { label: 'Auth URL' },
  token_url: { label: 'Token URL' },
  userinfo_url: { label: 'Userinfo URL' },
  scope: { label: 'Scope' },
  redirect_uri: { label: 'Redirect URI' },
};

/** Social sign-in providers' settings for admins (docs/admin.md#sign-in-providers); secrets only ever encrypted. */
export async function adminOAuthRoutes(app: FastifyInstance, platform: Platform) {
  const admins = routesFor(app, admin);

  // Sign-in reads the settings from their stream: nothing waits for a read model.
  const store = { ...platform, ...NO_READ_MODEL, config: platform.config };

  const view = async (provider: OAuthProvider) => {
    const recorded = await platform.events.readStream(providerStream(provider));
    const state = foldEvents(recorded, evolveProvider, null);
    if (!state) return null;
    return {
      id: PROVIDERS.indexOf(provider) + 1,
      provider,
      client_id: state.client_id,
      client_secret: maskSecret(decryptSecret(platform.secret, CLIENT_SECRET_PURPOSE, state.client_secret_encrypted)),
      is_enabled: state.enabled,
      redirect_uri: state.redirect_uri,
      scope: state.scope,
      auth_url: state.auth_url,
      token_url: state.token_url,
      userinfo_url: state.userinfo_url,
      updated_at: recorded.at(-1)?.metadata.at ?? '',
    };
  };

  /** What a provider's change is told as to the super admin (settings-announcement.ts). */
  const describe =
    (provider: OAuthProvider) =>
    (decided: DomainEvent[], before: ProviderSettings | null): SettingsChange => {
      const [event] = decided;
      const after = event?.type === 'OAuthProviderConfigured' ? event.data : null;
      const lines = !event ? [] : after ? describeChanges(before, after, PROVIDER_FIELDS) : ['Removed, its client secret with it.'];
      return { setting: `${providerName(provider)} sign-in`, lines };
    };

  /** Runs a change of one provider's settings, telling the super admin of another admin's. */
  const change = <C>(request: FastifyRequest, provider: OAuthProvider, decider: Decider<C, ProviderSettings | null>, command: C) =>
    handleTellingSuperAdmin(store, commandContext(platform, request), callerOf(request).userId, decider, command, describe(provider), (error) =>
      request.log.error({ err: error }, 'The super admin could not be told of a sign-in provider change now; the mail sender tries it again'),
    );

  const save = async (request: FastifyRequest, provider: OAuthProvider, body: Omit<typeof OAuthConfigBody._output, 'provider'>, mode: ConfigureMode) => {
    const { client_id, client_secret, redirect_uri, scope, auth_url, token_url, userinfo_url, is_enabled } = body;
    const settings = providerSettingsOf(
      platform,
      { provider, client_id, client_secret, redirect_uri, scope, auth_url, token_url, userinfo_url, enabled: is_enabled },
      mode,
    );
    await change(request, provider, configureProviderDecider, { settings, mode });
    return { message: `Configuration ${mode === 'create' ? 'created' : 'updated'} successfully`, config: await view(provider) };
  };

  admins.get('/api/admin/oauth-config', {
    summary: 'The configured sign-in providers (secrets masked)',
    response: { 200: OAuthConfigList, ...errors },
    handler: async () => ({ configs: (await Promise.all(PROVIDERS.map(view))).filter((config) => config !== null) }),
  });

  admins.post('/api/admin/oauth-config', {
    summary: 'Add a sign-in provider; it is offered at once when enabled',
    body: OAuthConfigBody,
    response: { 200: OAuthConfigAnswer, ...errors },
    handler: async ({ request }) => save(request, request.body.provider, request.body, 'create'),
  });

  admins.put('/api/admin/oauth-config/:provider', {
    summary: 'Edit a sign-in provider (the provider itself cannot change; an empty secret keeps the stored one)',
    params: OAuthProviderParams,
    body: OAuthConfigUpdateBody,
    response: { 200: OAuthConfigAnswer, ...errors },
    handler: async ({ request }) => save(request, request.params.provider, request.body, 'update'),
  });

  admins.patch('/api/admin/oauth-config/:provider/toggle', {
    summary: 'Switch a sign-in provider on or off (?enabled=true|false)',
    params: OAuthProviderParams,
    querystring: OAuthToggleQuery,
    response: { 200: OAuthConfigAnswer, ...errors },
    handler: async ({ request }) => {
      const { provider } = request.params;
      const enabled = request.query.enabled === 'true';
      await change(request, provider, toggleProviderDecider, { provider, enabled });
      return { message: `Configuration ${enabled ? 'enabled' : 'disabled'} successfully`, config: await view(provider) };
    },
  });

  admins.delete('/api/admin/oauth-config/:provider', {
    summary: 'Remove a sign-in provider and its secret',
    params: OAuthProviderParams,
    response: { 200: OAuthConfigAnswer, ...errors },
    handler: async ({ request }) => {
      const { provider } = request.params;
      await change(request, provider, removeProviderDecider, { provider });
      return { message: 'Configuration deleted successfully', config: null };
    },
  });
}
