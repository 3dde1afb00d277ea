import type { z } from 'zod';
import type { ApiKeyScope, CreatedWorkspaceApiKey, WorkspaceApiKey, WorkspaceApiKeyList } from '@linkledger/contracts';
import { api } from '../../api/client.ts';

/** A workspace's API keys as the key screen reads and changes them (docs/developer-api.md#workspace-keys-and-scopes). */

export type { ApiKeyScope, WorkspaceApiKey };
type KeyList = z.infer<typeof WorkspaceApiKeyList>;
type CreatedKey = z.infer<typeof CreatedWorkspaceApiKey>;

const keysOf = (workspaceId: number, rest = '') => `/workspaces/${workspaceId}/api-keys${rest}`;

export const workspaceKeysApi = {
  list: (workspaceId: number) => api<KeyList>(keysOf(workspaceId)),
  create: (workspaceId: number, name: string, scopes: ApiKeyScope[]) => api<CreatedKey>(keysOf(workspaceId), { method: 'POST', body: { name, scopes } }),
  revoke: (workspaceId: number, keyId: string) => api<{ message: string }>(keysOf(workspaceId, `/${encodeURIComponent(keyId)}`), { method: 'DELETE' }),
};

/** Every workspace's keys: read again when the account's key is made, which is the personal workspace's one key on Free. */
export const WORKSPACE_KEYS_QUERY = ['workspace-api-keys'] as const;
/** One workspace's keys, cached per workspace. */
export const workspaceKeysQuery = (workspaceId: number) => [...WORKSPACE_KEYS_QUERY, workspaceId] as const;

/** What each scope lets a key do, in the screen's words. */
export const SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'links:read': 'Read links',
  'links:write': 'Create and edit links',
  'analytics:read': 'Read analytics',
  'domains:read': 'Read domains',
  'domains:write': 'Manage domains',
  'workspace:read': 'Read the workspace',
};
