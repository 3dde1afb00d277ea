import type { FastifyRequest } from 'fastify';
import type { Role, WorkspacePermission } from '@linkledger/contracts';
import { API_KEYS, USERS, WORKSPACE_API_KEYS, memberRoleIn, type ApiKeyView, type UserView, type WorkspaceApiKeyView } from '@linkledger/projections';
import { unauthorized } from '../commands/domain-error.ts';
import { accountRefusal } from '../http/account-status.ts';
import { checkWorkspaceKey, type Caller, type WorkspaceKeyScope } from '../http/access.ts';
import type { Platform } from '../platform/platform.ts';
import { hashApiKey } from './api-key.ts';
import { WORKSPACE_KEY_PREFIX } from './workspace-key.ts';
import { apiRateLimiter } from './rate-limit.ts';
import { apiUsageMeter } from './usage-meter.ts';

/** A workspace's key as a request uses it: what it may do, and its hash (for its last use). */
interface UsedWorkspaceKey extends WorkspaceKeyScope {
  keyHash: string;
}

interface KeyOwner {
  /** The account the key belongs to: a workspace key's creator. */
  userId: number;
  keyId: string;
  role: Role;
  /** Why the account may not act (suspended or banned), or null. */
  refusal: string | null;
  /** Set for a workspace's key; an account's own key acts in its personal workspace. */
  workspaceKey?: UsedWorkspaceKey;
}

export const NOT_AUTHENTICATED_OR_KEY =
  'Not authenticated. Send your API key as "X-API-Key: <key>", or sign in and send the token as "Authorization: Bearer <token>".';
export const INVALID_API_KEY =
  'Invalid API key. Send the key shown on your API Keys page as "X-API-Key: <key>"; a regenerated key replaces the old one at once.';

/** The X-API-Key header as sent (trimmed), or null when there is none. */
export function apiKeyHeader(request: FastifyRequest): string | null {
  const value = request.headers['x-api-key'];
  if (value === undefined) return null;
  return (Array.isArray(value) ? (value[0] ?? '') : value).trim();
}

/** The account of a live key and, for a workspace's key, what it may do; null for a wrong or revoked one. */
async function liveKey(platform: Pick<Platform, 'read'>, key: string): Promise<Omit<KeyOwner, 'role' | 'refusal'> | null> {
  const keyHash = hashApiKey(key);
  // Workspace keys have their own prefix, so each key is looked up in one collection only.
  if (key.startsWith(WORKSPACE_KEY_PREFIX)) {
    const view = await platform.read.get<WorkspaceApiKeyView>(WORKSPACE_API_KEYS, keyHash);
    return view && { userId: view.creator_id, keyId: view.key_id, workspaceKey: { workspaceId: view.workspace_id, scopes: view.scopes, keyHash } };
  }
  const view = await platform.read.get<ApiKeyView>(API_KEYS, keyHash);
  return view && { userId: view.user_id, keyId: view.key_id };
}

/** The owner of a live key, or null for a wrong or revoked one. */
export async function keyOwner(platform: Pick<Platform, 'read'>, key: string): Promise<KeyOwner | null> {
  if (!key) return null;
  const live = await liveKey(platform, key);
  if (!live) return null;
  const user = await platform.read.get<UserView>(USERS, live.userId);
  return user ? { ...live, role: user.role, refusal: accountRefusal(user.status) } : null;
}

/**
 * Counts an API-key call against the workspace plan's rate limit (429 past it) and into its
 * monthly usage; a workspace key's use is noted for its "last used" (to the minute).
 */
export async function admitApiCall(platform: Platform, owner: Pick<KeyOwner, 'userId' | 'keyId' | 'workspaceKey'>): Promise<void> {
  const workspaceId = owner.workspaceKey?.workspaceId ?? owner.userId;
  await apiRateLimiter(platform).take(workspaceId);
  const meter = apiUsageMeter(platform);
  meter.count(workspaceId);
  if (owner.workspaceKey) meter.keyUsed(workspaceId, owner.keyId, owner.workspaceKey.keyHash);
}

/**
 * The workspace a key acts in for what needs the permission: an account's key in its personal
 * workspace, a workspace's key in its own as far as its scopes and its creator's role allow
 * (the cutt.ly-style call checks its key itself, so it asks here).
 */
export async function keyActsIn(platform: Pick<Platform, 'read'>, owner: KeyOwner, permission: WorkspacePermission): Promise<number> {
  if (!owner.workspaceKey) return owner.userId;
  const { workspaceId } = owner.workspaceKey;
  checkWorkspaceKey(owner.workspaceKey, await memberRoleIn(platform.read, owner.userId, workspaceId), permission);
  return workspaceId;
}

/** A call made with an API key: the key must be live, and the call is counted against the plan's rate limit. */
export async function requireApiKey(platform: Platform, key: string): Promise<Caller> {
  const owner = await keyOwner(platform, key);
  if (!owner) throw unauthorized(INVALID_API_KEY);
  if (owner.refusal) throw unauthorized(owner.refusal);
  await admitApiCall(platform, owner);
  const caller: Caller = { userId: owner.userId, role: owner.role, actor: { kind: 'api_key', id: owner.keyId } };
  if (owner.workspaceKey) caller.workspaceKey = { workspaceId: owner.workspaceKey.workspaceId, scopes: owner.workspaceKey.scopes };
  return caller;
}
