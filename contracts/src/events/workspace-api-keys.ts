import { z } from 'zod';
import type { WorkspacePermission } from '../workspace-permissions.ts';

const id = z.number().int().positive();
const keyHash = z.string().regex(/^[0-9a-f]{64}$/);

/** What a workspace's API key may do: the workspace permissions a key can hold (docs/developer-api.md#scopes). */
export const ApiKeyScope = z.enum(['links:read', 'links:write', 'analytics:read', 'domains:read', 'domains:write', 'workspace:read']);
export type ApiKeyScope = z.infer<typeof ApiKeyScope> & WorkspacePermission;

/** The scopes of a key without Advanced API, and all the account's own key has (docs/developer-api.md#workspace-keys-and-scopes). */
export const BASIC_API_KEY_SCOPES: readonly ApiKeyScope[] = ['links:read', 'links:write', 'analytics:read'];

/**
 * A member created a named key for a workspace (stream `workspace-{id}`). The key itself is
 * kept nowhere: only its SHA-256 (hex), by which a request's X-API-Key is looked up, and its
 * last four characters, so lists can tell keys apart.
 */
const WorkspaceApiKeyCreatedV1 = z.object({
  workspace_id: id,
  key_id: z.uuid(),
  name: z.string(),
  scopes: z.array(ApiKeyScope).min(1),
  key_hash: keyHash,
  last_four: z.string().length(4),
  creator_id: id,
});

/** A workspace's key stopped working at once (stream `workspace-{id}`), revoked by its creator or a manager. */
const WorkspaceApiKeyRevokedV1 = z.object({ workspace_id: id, key_id: z.uuid(), key_hash: keyHash, name: z.string(), creator_id: id, revoked_by: id });

/**
 * When a workspace's keys were last used, to the minute (stream `api-usage-{workspaceId}`):
 * written with the usage meter's reading every few seconds, never one event per call.
 */
const WorkspaceApiKeysUsedV1 = z.object({
  workspace_id: id,
  keys: z.array(z.object({ key_id: z.uuid(), key_hash: keyHash, at: z.iso.datetime() })).min(1),
});

export const workspaceApiKeyEvents = {
  WorkspaceApiKeyCreated: { 1: WorkspaceApiKeyCreatedV1 },
  WorkspaceApiKeyRevoked: { 1: WorkspaceApiKeyRevokedV1 },
  WorkspaceApiKeysUsed: { 1: WorkspaceApiKeysUsedV1 },
} as const;
