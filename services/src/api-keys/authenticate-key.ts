import type { FastifyRequest } from 'fastify';
import type { Actor, Role } from '@linkledger/contracts';
import { API_KEYS, USERS, type ApiKeyView, type UserView } from '@linkledger/projections';
import { unauthorized } from '../commands/domain-error.ts';
import { accountRefusal } from '../http/account-status.ts';
import type { Platform } from '../platform/platform.ts';
import { hashApiKey } from './api-key.ts';
import { apiRateLimiter } from './rate-limit.ts';
import { apiUsageMeter } from './usage-meter.ts';

/** Who a public-API request acts for, and as whom its events are recorded. */
export interface ApiCaller {
  userId: number;
  role: Role;
  actor: Actor;
}

interface KeyOwner {
  userId: number;
  keyId: string;
  role: Role;
  /** Why the account may not act (suspended or banned), or null. */
  refusal: string | null;
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

/** The owner of a live key, or null for a wrong or revoked one. */
export async function keyOwner(platform: Pick<Platform, 'read'>, key: string): Promise<KeyOwner | null> {
  if (!key) return null;
  const view = await platform.read.get<ApiKeyView>(API_KEYS, hashApiKey(key));
  if (!view) return null;
  const user = await platform.read.get<UserView>(USERS, view.user_id);
  return user ? { userId: view.user_id, keyId: view.key_id, role: user.role, refusal: accountRefusal(user.status) } : null;
}

/** Counts an API-key call against the plan's rate limit (429 past it) and into the monthly usage. */
export async function admitApiCall(platform: Platform, userId: number): Promise<void> {
  await apiRateLimiter(platform).take(userId);
  apiUsageMeter(platform).count(userId);
}

/** A call made with an API key: the key must be live, and the call is counted against the plan's rate limit. */
export async function requireApiKey(platform: Platform, key: string): Promise<ApiCaller> {
  const owner = await keyOwner(platform, key);
  if (!owner) throw unauthorized(INVALID_API_KEY);
  if (owner.refusal) throw unauthorized(owner.refusal);
  await admitApiCall(platform, owner.userId);
  return { userId: owner.userId, role: owner.role, actor: { kind: 'api_key', id: owner.keyId } };
}
