import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody, OAuthConfigAnswer, OAuthConfigBody, OAuthConfigList, OAuthConfigUpdateBody, OAuthProviderParams, OAuthToggleQuery, type OAuthProvider } from '@linkledger/contracts';
import { PROVIDERS } from '../accounts/oauth/providers.ts';
import {
  CLIENT_SECRET_PURPOSE,
  configureProvider,
  evolveProvider,
  providerStream,
  removeProviderDecider,
  toggleProviderDecider,
  type ConfigureMode,
  type ProviderSettings,
} from '../accounts/oauth/provider-config.ts';
import { providerName } from '../accounts/oauth/provider-hosts.ts';
import { decryptSecret, maskSecret } from '../accounts/oauth/secret-box.ts';
import { NO_READ_MODEL, handleCommand, type Handled } from '../commands/command-handler.ts';
import { callerOf } from '../http/access.ts';
import { requestContext } from '../http/request-context.ts';
import type { Platform } from '../platform/platform.ts';
import { announceToSuperAdmin, describeChanges, type FieldLabels } from './settings-announcement.ts';

export const ADMINS_CONFIGURE_SIGN_IN = 'Only an admin or super admin can configure sign-in providers.';
const admin = { access: 'admin', refusal: ADMINS_CONFIGURE_SIGN_IN } as const;
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

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
  const api = app.withTypeProvider<ZodTypeProvider>();
  const store = { events: platform.events, ...NO_READ_MODEL };

  const view = async (provider: OAuthProvider) => {
    const recorded = await platform.events.readStream(providerStream(provider));
    const state = recorded.reduce(evolveProvider, null);
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

  /** Tells the super admin what another admin changed (settings-announcement.ts). */
  const announce = async (request: FastifyRequest, provider: OAuthProvider, handled: Handled<ProviderSettings | null>) => {
    const [event] = handled.events;
    if (!event) return;
    const after = event.type === 'OAuthProviderConfigured' ? event.data : null;
    const lines = after ? describeChanges(handled.state, after, PROVIDER_FIELDS) : ['Removed, its client secret with it.'];
    await announceToSuperAdmin(platform, callerOf(request).userId, { setting: `${providerName(provider)} sign-in`, lines }, (error) =>
      request.log.error({ err: error }, 'The super admin could not be told of a sign-in provider change'),
    );
  };

  const save = async (request: FastifyRequest, provider: OAuthProvider, body: Omit<typeof OAuthConfigBody._output, 'provider'>, mode: ConfigureMode) => {
    const { client_id, client_secret, redirect_uri, scope, auth_url, token_url, userinfo_url, is_enabled } = body;
    const context = requestContext(platform, request, callerOf(request).actor);
    const handled = await configureProvider(platform, context, { provider, client_id, client_secret, redirect_uri, scope, auth_url, token_url, userinfo_url, enabled: is_enabled }, mode);
    await announce(request, provider, handled);
    return { message: `Configuration ${mode === 'create' ? 'created' : 'updated'} successfully`, config: await view(provider) };
  };

  api.get(
    '/api/admin/oauth-config',
    { config: admin, schema: { tags: ['admin'], summary: 'The configured sign-in providers (secrets masked)', security: [{ bearer: [] }], response: { 200: OAuthConfigList, ...errors } } },
    async () => ({ configs: (await Promise.all(PROVIDERS.map(view))).filter((config) => config !== null) }),
  );

  api.post(
    '/api/admin/oauth-config',
    {
      config: admin,
      schema: { tags: ['admin'], summary: 'Add a sign-in provider; it is offered at once when enabled', security: [{ bearer: [] }], body: OAuthConfigBody, response: { 200: OAuthConfigAnswer, ...errors } },
    },
    async (request) => save(request, request.body.provider, request.body, 'create'),
  );

  api.put(
    '/api/admin/oauth-config/:provider',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Edit a sign-in provider (the provider itself cannot change; an empty secret keeps the stored one)',
        security: [{ bearer: [] }],
        params: OAuthProviderParams,
        body: OAuthConfigUpdateBody,
        response: { 200: OAuthConfigAnswer, ...errors },
      },
    },
    async (request) => save(request, request.params.provider, request.body, 'update'),
  );

  api.patch(
    '/api/admin/oauth-config/:provider/toggle',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Switch a sign-in provider on or off (?enabled=true|false)',
        security: [{ bearer: [] }],
        params: OAuthProviderParams,
        querystring: OAuthToggleQuery,
        response: { 200: OAuthConfigAnswer, ...errors },
      },
    },
    async (request) => {
      const { provider } = request.params;
      const enabled = request.query.enabled === 'true';
      await announce(request, provider, await handleCommand(store, requestContext(platform, request, callerOf(request).actor), toggleProviderDecider, { provider, enabled }));
      return { message: `Configuration ${enabled ? 'enabled' : 'disabled'} successfully`, config: await view(provider) };
    },
  );

  api.delete(
    '/api/admin/oauth-config/:provider',
    {
      config: admin,
      schema: { tags: ['admin'], summary: 'Remove a sign-in provider and its secret', security: [{ bearer: [] }], params: OAuthProviderParams, response: { 200: OAuthConfigAnswer, ...errors } },
    },
    async (request) => {
      const { provider } = request.params;
      await announce(request, provider, await handleCommand(store, requestContext(platform, request, callerOf(request).actor), removeProviderDecider, { provider }));
      return { message: 'Configuration deleted successfully', config: null };
    },
  );
}
