import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { AuthProvidersResponse, AuthorizeQuery, AuthorizeResponse, ErrorBody, OAuthCallbackBody, ProviderParams, SignInResponse } from '@linkledger/contracts';
import { metadataFor } from '../../commands/command-context.ts';
import { invalid } from '../../commands/domain-error.ts';
import { requireTrustedOrigin } from '../../http/origins.ts';
import type { Platform } from '../../platform/platform.ts';
import { visitorContext } from '../../http/command-context.ts';
import { oauthError } from './errors.ts';
import { startSignIn } from './oauth-state.ts';
import { addressesAllowed, enabledProvider, loadProvider } from './provider-config.ts';
import { PROVIDERS, parseProvider } from './providers.ts';
import { signInWithProvider } from './social-sign-in.ts';
import { publicRoutes } from '../../http/declared-routes.ts';

/** Social sign-in: which providers are on, where to send the browser, and the return leg. */
export async function oauthRoutes(app: FastifyInstance, platform: Platform) {
  const anyone = publicRoutes(app);

  anyone.get('/api/auth/providers', {
    summary: 'Social sign-in providers: whether each is enabled, and its public client id',
    response: { 200: AuthProvidersResponse },
    handler: async () => {
      const entries = await Promise.all(
        PROVIDERS.map(async (provider) => {
          const { state } = await loadProvider(platform.events, provider);
          // Settings naming another host are not offered: signing in with them is refused.
          const enabled = Boolean(state?.enabled && state.client_id && addressesAllowed(state, platform.config));
          return [provider, { enabled, client_id: enabled ? state!.client_id : null }] as const;
        }),
      );
      return { providers: Object.fromEntries(entries) as z.infer<typeof AuthProvidersResponse>['providers'] };
    },
  });

  anyone.get('/api/auth/:provider/authorize', {
    summary: 'Start a social sign-in: the provider address to send the browser to, with a single-use state to send back',
    params: ProviderParams,
    querystring: AuthorizeQuery,
    response: { 200: AuthorizeResponse },
    handler: async ({ request }) => {
      const provider = parseProvider(request.params.provider);
      const settings = await enabledProvider(platform, provider);
      if (!settings) throw oauthError.notConfigured(provider);
      // The return address is the installation's, never the caller's choice.
      const redirectUri = settings.redirect_uri || `${requireTrustedOrigin(platform.config, request)}/auth/callback`;
      if (request.query.redirect_uri !== undefined && request.query.redirect_uri !== redirectUri) {
        throw invalid(`Redirect URI must be ${redirectUri}: the return address of a sign-in is set by this installation's configuration.`, 'redirect_uri');
      }
      const context = visitorContext(platform, request);
      const { state, challenge } = await startSignIn(platform.events, platform.secret, metadataFor(context), { provider, redirectUri, now: context.now });
      const url = new URL(settings.auth_url);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', settings.client_id);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('scope', settings.scope);
      url.searchParams.set('state', state);
      url.searchParams.set('code_challenge', challenge);
      url.searchParams.set('code_challenge_method', 'S256');
      return { authorization_url: url.toString(), state };
    },
  });

  anyone.post('/api/auth/:provider/callback', {
    summary: 'Finish a social sign-in with the code and state the provider returned; signs in or creates the account',
    params: ProviderParams,
    body: OAuthCallbackBody,
    response: { 200: SignInResponse, 403: ErrorBody },
    handler: async ({ request }) => {
      const provider = parseProvider(request.params.provider);
      const context = visitorContext(platform, request);
      const { code, redirect_uri, state } = request.body;
      return signInWithProvider(platform, context, { provider, code, redirectUri: redirect_uri, state, userAgent: request.headers['user-agent'] });
    },
  });
}
