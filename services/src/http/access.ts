import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor, FeatureKey, Role } from '@linkledger/contracts';
import { requireCaller } from '../accounts/authenticate.ts';
import type { SessionToken } from '../accounts/tokens.ts';
import { requireCallerOrApiKey } from '../api-keys/authenticate-key.ts';
import { requireFeature } from '../billing/feature-gate.ts';
import { forbidden } from '../commands/domain-error.ts';
import type { Platform } from '../platform/platform.ts';
import { sessionUse } from '../settings/sessions.ts';

/**
 * Who may call a route, declared with it (`config: { access }`) and enforced by one hook:
 * - `anyone`: no credential (the route may check one of its own, as cutt.ly's `?key=` or the websocket's first message do);
 * - `user`: a valid bearer token;
 * - `admin`: a bearer token of an admin or super admin (`refusal` is the 403's text);
 * - `super_admin`: a bearer token of the super admin only (`refusal` is the 403's text);
 * - `user_or_api_key`: a bearer token or an `X-API-Key` (counted against the plan's API limits).
 * `feature` additionally requires the caller's plan to include a feature.
 */
export type Access = { access: 'anyone' } | { access: 'user' } | { access: 'admin' | 'super_admin'; refusal: string } | { access: 'user_or_api_key' };
export type AccessConfig = Access & { feature?: { key: FeatureKey; refusal: string } };
export type AccessLevel = Access['access'];

export interface Caller {
  userId: number;
  role: Role;
  /** As whom the request's events are recorded: the user, or their API key. */
  actor: Actor;
  /** The bearer token's session, when the caller signed in with one. */
  session?: SessionToken;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessLevel;
    refusal?: string;
    feature?: { key: FeatureKey; refusal: string };
  }
  interface FastifyRequest {
    /** Set by the access hook for every route that requires a credential. */
    caller: Caller | null;
  }
}

/** Routes registered by plugins (the interactive docs' assets) that carry no declaration. */
const PLUGIN_ROUTES = /^\/api\/docs(\/|$)/;

export const isAdmin = (role: Role) => role === 'admin' || role === 'super_admin';

/** The signed-in caller of a route that declared one; a route that did not has no caller. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error(`${request.routeOptions.url} reads a caller but declares access: 'anyone'`);
  return request.caller;
}

/**
 * Every /api route must declare its access (start-up fails otherwise); before the body is
 * read or validated, the hook authenticates and authorizes the request as declared, so handlers receive
 * `request.caller` and check nothing themselves but ownership.
 */
export function enforceAccess(app: FastifyInstance, platform: Platform): void {
  app.decorateRequest('caller', null);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || PLUGIN_ROUTES.test(route.url)) return;
    const config = route.config as AccessConfig | undefined;
    if (!config?.access) throw new Error(`${String(route.method)} ${route.url} declares no access: add config: { access: … }`);
    if ((config.access === 'admin' || config.access === 'super_admin') && !config.refusal)
      throw new Error(`${String(route.method)} ${route.url}: ${config.access} access needs the refusal text`);
  });
  // onRequest: before the body is parsed or validated, so a caller who may not use the route
  // learns nothing of what it accepts (401, then 403, and only then 400).
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    switch (config.access) {
      case undefined:
      case 'anyone':
        return;
      case 'user':
      case 'admin':
      case 'super_admin': {
        const session = await requireCaller(platform, request);
        if (config.access === 'admin' && !isAdmin(session.role)) throw forbidden(config.refusal!);
        if (config.access === 'super_admin' && session.role !== 'super_admin') throw forbidden(config.refusal!);
        request.caller = { userId: session.userId, role: session.role, actor: { kind: 'user', id: String(session.userId) }, session };
        break;
      }
      case 'user_or_api_key': {
        request.caller = await requireCallerOrApiKey(platform, request);
        break;
      }
    }
    // The session's last use, recorded at most once an hour (docs/accounts.md#active-sessions); never delays the request.
    if (request.caller?.session)
      sessionUse(platform).touch(request.caller.session, request.headers['user-agent'], (error) =>
        request.log.error({ err: error }, 'Recording a session use failed'),
      );
    if (config.feature) await requireFeature(platform, request.caller!.userId, config.feature.key, config.feature.refusal);
  });
}
