import type { ApiKeyScope } from '@linkledger/contracts';
import type { ReadModelHandlers } from './handlers.ts';

/** A workspace's live API keys by the SHA-256 of the key: an X-API-Key of a workspace key is looked up here. */
export const WORKSPACE_API_KEYS = 'workspace_api_keys';

export interface WorkspaceApiKeyView {
  [key: string]: unknown;
  /** SHA-256 (hex) of the key; the key itself is nowhere. */
  id: string;
  key_id: string;
  workspace_id: number;
  name: string;
  scopes: ApiKeyScope[];
  last_four: string;
  creator_id: number;
  created_at: string;
  /** To the minute, as the usage meter last recorded it; null until first used. */
  last_used_at: string | null;
}

// Listed by workspace, revoked by key id; a revoked key is deleted, so it stops at once.
export const workspaceApiKeyIndexes = { [WORKSPACE_API_KEYS]: [['workspace_id'], ['key_id']] } as const;

export const workspaceApiKeyHandlers: ReadModelHandlers = {
  WorkspaceApiKeyCreated({ workspace_id, key_id, name, scopes, key_hash, last_four, creator_id }, recorded, tx) {
    const view: WorkspaceApiKeyView = {
      id: key_hash,
      key_id,
      workspace_id,
      name,
      scopes,
      last_four,
      creator_id,
      created_at: recorded.metadata.at,
      last_used_at: null,
    };
    tx.put(WORKSPACE_API_KEYS, view);
  },
  WorkspaceApiKeyRevoked({ key_hash }, _recorded, tx) {
    tx.delete(WORKSPACE_API_KEYS, key_hash);
  },
  async WorkspaceApiKeysUsed({ keys }, _recorded, tx) {
    for (const { key_hash, at } of keys) {
      await tx.update<WorkspaceApiKeyView>(WORKSPACE_API_KEYS, key_hash, (view) =>
        view.last_used_at && view.last_used_at >= at ? view : { ...view, last_used_at: at },
      );
    }
  },
};
