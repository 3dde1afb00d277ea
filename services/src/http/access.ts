import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  BASIC_API_KEY_SCOPES,
  WORKSPACE_NOT_FOUND,
  roleAllows,
  type Actor,
  type FeatureKey,
  type Role,
  type WorkspacePermission,
  type WorkspaceRole,
} from '@linkledger/contracts';
import { forbidden, invalid, notFound, unauthorized } from '../commands/domain-error.ts';

/**
 * Who may call a route, declared with it (`config: { access }`) and enforced by one hook:
 * - `anyone`: no credential (the route may check one of its own, as cutt.ly's `?key=` or the websocket's first message do);
 * - `user`: a valid bearer token;
 * - `admin`: a bearer token of an admin or super admin (`refusal` is the 403's text);
 * - `super_admin`: a bearer token of the super admin only (`refusal` is the 403's text);
 * - `user_or_api_key`: a bearer token or an `X-API-Key` (counted against the plan's API limits).
 * `feature` additionally requires the plan to include a feature; `workspace` makes the route act in
 * one workspace, and requires the caller's role there to allow what the route does.
 */
export type Access = { access: 'anyone' } | { access: 'user' } | { access: 'admin' | 'super_admin'; refusal: string } | { access: 'user_or_api_key' };
type AccessConfig = Access & {
  feature?: { key: FeatureKey; refusal: string };
  workspace?: WorkspacePermission;
  workspaceInPath?: WorkspacePermission;
  workspaceRefusal?: string;
};
export type AccessLevel = Access['access'];

export interface TokenClaims {
  userId: number;
  role: Role;
}

/** A verified bearer token (accounts/tokens.ts reads them): who, plus what logout needs to revoke exactly this session. */
export interface SessionToken extends TokenClaims {
  /** The token's own id (JWT `jti`), recorded when the session is revoked. */
  jti: string;
  /** To the millisecond for tokens that carry `iat_ms`; older tokens know only the second. */
  issuedAt: Date;
  issuedAtPrecise: boolean;
  expiresAt: Date;
}

export interface Caller {
  userId: number;
  role: Role;
  /** As whom the request's events are recorded: the user, or their API key. */
  actor: Actor;
  /** The bearer token's session, when the caller signed in with one. */
  session?: SessionToken;
  /** A workspace's key (`userId` is then its creator): it acts only in its workspace, within its scopes. */
  workspaceKey?: WorkspaceKeyScope;
}

/** What a workspace's API key may do (docs/developer-api.md#workspace-keys-and-scopes). */
export interface WorkspaceKeyScope {
  workspaceId: number;
  scopes: readonly WorkspacePermission[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessLevel;
    refusal?: string;
    feature?: { key: FeatureKey; refusal: string };
    workspace?: WorkspacePermission;
    /**
     * For a route on a workspace as such (`/api/workspaces/:id/…`): what it needs of the caller's
     * role in the workspace its path names. It acts in no workspace the header names.
     */
    workspaceInPath?: WorkspacePermission;
    /** The 403's text for a role that does not allow the route; without it, one that names the role. */
    workspaceRefusal?: string;
  }
  interface FastifyRequest {
    /** Set by the access hook for every route that requires a credential. */
    caller: Caller | null;
    /** Set by the access hook for every route that acts in a workspace. */
    workspace: WorkspaceContext | null;
  }
}

/** Routes registered by plugins (the interactive docs' assets) that carry no declaration. */
const PLUGIN_ROUTES = /^\/api\/docs(\/|$)/;

/** The workspace a request acts in, and the caller's role there (docs/workspaces.md#acting-in-a-workspace). */
export interface WorkspaceContext {
  id: number;
  role: WorkspaceRole;
}

/** The header that names the workspace a request acts in; without it, the caller's personal workspace. */
const WORKSPACE_HEADER = 'x-workspace-id';
/** A workspace id as a path or the header writes it. */
const WORKSPACE_ID = /^[1-9][0-9]{0,15}$/;
export const WORKSPACE_HEADER_INVALID = 'X-Workspace-Id must be the id of one of your workspaces.';
export const API_KEY_OWN_WORKSPACE = 'An API key acts in its own workspace: leave out X-Workspace-Id, or name that workspace.';
export const roleRefusal = (role: WorkspaceRole) => `Your role in this workspace (${role}) does not allow this.`;
const KEY_CREATOR_GONE = 'This API key stopped working: the member who created it is no longer in its workspace, or the workspace is gone.';
export const missingScope = (permission: WorkspacePermission) => `This API key lacks the scope ${permission}.`;
export const creatorRoleNarrows = (role: WorkspaceRole, permission: WorkspacePermission) =>
  `This API key’s creator’s role in its workspace (${role}) no longer allows ${permission}.`;
export const keyScopeNeedsAdvancedApi = (permission: WorkspacePermission) =>
  `The scope ${permission} needs Advanced API (advanced_api), which this workspace’s plan no longer includes: its keys keep links:read, links:write and analytics:read.`;
const KEY_NEEDS_WORKSPACE = 'A workspace’s API key only calls routes that act in its workspace.';

/**
 * Whether a workspace key may do what needs the permission now: its creator must still be a
 * member (else 401), the key must hold the scope, and the creator's current role must allow it
 * (a lowered role narrows the key at once). Throws the refusal.
 */
export function checkWorkspaceKey(
  key: WorkspaceKeyScope,
  creatorRole: WorkspaceRole | null,
  permission: WorkspacePermission,
): asserts creatorRole is WorkspaceRole {
  if (!creatorRole) throw unauthorized(KEY_CREATOR_GONE);
  if (!key.scopes.includes(permission)) throw forbidden(missingScope(permission));
  if (!roleAllows(creatorRole, permission)) throw forbidden(creatorRoleNarrows(creatorRole, permission));
}

/** Whether a key holds the permission without Advanced API. */
const isBasicScope = (permission: WorkspacePermission) => BASIC_API_KEY_SCOPES.some((scope) => scope === permission);

export const isAdmin = (role: Role) => role === 'admin' || role === 'super_admin';

/** The signed-in caller of a route that declared one; a route that did not has no caller. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error(`${request.routeOptions.url} reads a caller but declares access: 'anyone'`);
  return request.caller;
}

/**
 * How the hook checks each credential: handed to it by the composition root
 * (`server/access-checks.ts`) from the features that own the credentials, so the HTTP edge
 * depends on none of them.
 */
export interface AccessChecks {
  /** The bearer token's session; refuses with 401 without a valid one. */
  session(request: FastifyRequest): Promise<SessionToken>;
  /** A bearer token or an `X-API-Key`, counted against the plan's API limits. */
  sessionOrApiKey(request: FastifyRequest): Promise<Caller>;
  /** Records a session's use (at most once an hour); never delays the request. */
  sessionUsed(session: SessionToken, userAgent: string | undefined, onError: (error: unknown) => void): void;
  /** Refuses with 403 unless the plan of the workspace (or of the user's own) includes the feature. */
  requireFeature(ownerId: number, feature: FeatureKey, refusal: string): Promise<void>;
  /** The user's role in the workspace, or null when they are not one of its members (or it is gone). */
  workspaceRole(userId: number, workspaceId: number): Promise<WorkspaceRole | null>;
}

/**
 * Every /api route must declare its access (start-up fails otherwise); before the body is
 * read or validated, the hook authenticates and authorizes the request as declared, so handlers receive
 * `request.caller` and check nothing themselves but ownership.
 */
export function enforceAccess(app: FastifyInstance, checks: AccessChecks): void {
  app.decorateRequest('caller', null);
  app.decorateRequest('workspace', null);
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
        const session = await checks.session(request);
        if (config.access === 'admin' && !isAdmin(session.role)) throw forbidden(config.refusal!);
        if (config.access === 'super_admin' && session.role !== 'super_admin') throw forbidden(config.refusal!);
        request.caller = { userId: session.userId, role: session.role, actor: { kind: 'user', id: String(session.userId) }, session };
        break;
      }
      case 'user_or_api_key': {
        request.caller = await checks.sessionOrApiKey(request);
        break;
      }
    }
    // The session's last use, recorded at most once an hour (docs/accounts.md#active-sessions); never delays the request.
    if (request.caller?.session)
      checks.sessionUsed(request.caller.session, request.headers['user-agent'], (error) => request.log.error({ err: error }, 'Recording a session use failed'));
    if (config.workspace || config.workspaceInPath) request.workspace = await workspaceOf(request, request.caller!, config, checks);
    else if (request.caller?.workspaceKey) throw forbidden(KEY_NEEDS_WORKSPACE);
    if (config.feature) await checks.requireFeature(request.workspace?.id ?? request.caller!.userId, config.feature.key, config.feature.refusal);
  });
}

/** The workspace a route's path names (`:id`); an id that is not one names none of the caller's. */
function workspaceInPath(request: FastifyRequest): number {
  const named = (request.params as Record<string, string | undefined>).id;
  if (named === undefined || !WORKSPACE_ID.test(named)) throw notFound(WORKSPACE_NOT_FOUND);
  return Number(named);
}

/** The workspace X-Workspace-Id names, if it names one. */
function workspaceInHeader(request: FastifyRequest): number | undefined {
  const named = request.headers[WORKSPACE_HEADER];
  if (named === undefined) return undefined;
  if (typeof named !== 'string' || !WORKSPACE_ID.test(named.trim())) throw invalid(WORKSPACE_HEADER_INVALID);
  return Number(named.trim());
}

/**
 * The workspace a request acts in: the one its path names (`workspaceInPath` routes under
 * `/api/workspaces/:id`), else the one X-Workspace-Id names, else the caller's personal one (its id is theirs); an API
 * key acts in its own (an account's key in its personal workspace), and a workspace's key only within its scopes. A workspace the caller is not a member of is not found, so its existence
 * is not revealed; a member whose role does not allow the route is refused.
 */
async function workspaceOf(
  request: FastifyRequest,
  caller: Caller,
  config: Pick<AccessConfig, 'workspace' | 'workspaceInPath' | 'workspaceRefusal'>,
  checks: AccessChecks,
): Promise<WorkspaceContext> {
  const permission = (config.workspaceInPath ?? config.workspace)!;
  // A key's own workspace: a workspace key's, or the personal one of the account a legacy key belongs to.
  const keysOwn = caller.workspaceKey?.workspaceId ?? caller.userId;
  const workspaceId = config.workspaceInPath ? workspaceInPath(request) : (workspaceInHeader(request) ?? keysOwn);
  if (caller.actor.kind === 'api_key' && workspaceId !== keysOwn) throw forbidden(API_KEY_OWN_WORKSPACE);
  // The account's own key holds the scopes a key has without Advanced API, and no others.
  if (caller.actor.kind === 'api_key' && !caller.workspaceKey && !isBasicScope(permission)) throw forbidden(missingScope(permission));
  const role = await checks.workspaceRole(caller.userId, workspaceId);
  if (caller.workspaceKey) {
    checkWorkspaceKey(caller.workspaceKey, role, permission);
    // The scopes beyond the basic ones are Advanced API's: once the plan lacks it, its keys keep the basic ones only.
    if (!isBasicScope(permission)) await checks.requireFeature(workspaceId, 'advanced_api', keyScopeNeedsAdvancedApi(permission));
    return { id: workspaceId, role };
  }
  if (!role) throw notFound(WORKSPACE_NOT_FOUND);
  if (!roleAllows(role, permission)) throw forbidden(config.workspaceRefusal ?? roleRefusal(role));
  return { id: workspaceId, role };
}
