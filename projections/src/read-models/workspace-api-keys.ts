import type { ApiKeyScope } from '@linkledger/contracts';
import type { ReadModelHandlers } from './handlers.ts';
import type { UnitOfWork } from './unit-of-work.ts';

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

/**
 * Each workspace's live keys by hash, so that a deleted workspace (or a deleted account's
 * personal one) takes its keys out of the read model in the same batch: a projection
 * handler reads documents by id only.
 */
const WORKSPACE_KEY_HASHES = 'workspace_api_key_hashes';

interface WorkspaceKeyHashesView {
  [key: string]: unknown;
  /** The workspace's id. */
  id: number;
  key_hashes: string[];
}

// Listed by workspace, revoked by key id; a revoked key is deleted, so it stops at once.
export const workspaceApiKeyIndexes = { [WORKSPACE_API_KEYS]: [['workspace_id'], ['key_id']], [WORKSPACE_KEY_HASHES]: [] } as const;

async function noteKeyHashes(tx: UnitOfWork, workspaceId: number, change: (hashes: string[]) => string[]) {
  const held = (await tx.get<WorkspaceKeyHashesView>(WORKSPACE_KEY_HASHES, workspaceId))?.key_hashes ?? [];
  const key_hashes = change(held);
  if (key_hashes.length === 0) tx.delete(WORKSPACE_KEY_HASHES, workspaceId);
  else tx.put(WORKSPACE_KEY_HASHES, { id: workspaceId, key_hashes } satisfies WorkspaceKeyHashesView);
}

/** A workspace that is gone takes every key it held out of the read model. */
async function dropWorkspaceKeys(tx: UnitOfWork, workspaceId: number) {
  const held = await tx.get<WorkspaceKeyHashesView>(WORKSPACE_KEY_HASHES, workspaceId);
  for (const keyHash of held?.key_hashes ?? []) tx.delete(WORKSPACE_API_KEYS, keyHash);
  tx.delete(WORKSPACE_KEY_HASHES, workspaceId);
}

/** A member who leaves or is removed takes the keys they made there out of the read model, for good. */
async function dropCreatorsKeys(tx: UnitOfWork, workspaceId: number, creatorId: number) {
  const held = (await tx.get<WorkspaceKeyHashesView>(WORKSPACE_KEY_HASHES, workspaceId))?.key_hashes ?? [];
  const views = await Promise.all(held.map((keyHash) => tx.get<WorkspaceApiKeyView>(WORKSPACE_API_KEYS, keyHash)));
  const theirs = views.flatMap((view) => (view?.creator_id === creatorId ? [view.id] : []));
  if (theirs.length === 0) return;
  for (const keyHash of theirs) tx.delete(WORKSPACE_API_KEYS, keyHash);
  await noteKeyHashes(tx, workspaceId, (hashes) => hashes.filter((each) => !theirs.includes(each)));
}

export const workspaceApiKeyHandlers: ReadModelHandlers = {
  async WorkspaceApiKeyCreated({ workspace_id, key_id, name, scopes, key_hash, last_four, creator_id }, recorded, tx) {
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
    await noteKeyHashes(tx, workspace_id, (held) => [...held.filter((each) => each !== key_hash), key_hash]);
  },
  async WorkspaceApiKeyRevoked({ workspace_id, key_hash }, _recorded, tx) {
    tx.delete(WORKSPACE_API_KEYS, key_hash);
    await noteKeyHashes(tx, workspace_id, (held) => held.filter((each) => each !== key_hash));
  },
  async WorkspaceMemberRemoved({ workspace_id, user_id }, _recorded, tx) {
    await dropCreatorsKeys(tx, workspace_id, user_id);
  },
  async WorkspaceDeleted({ workspace_id }, _recorded, tx) {
    await dropWorkspaceKeys(tx, workspace_id);
  },
  // A personal workspace goes with its account (workspaces.ts).
  async AccountDeleted({ user_id }, _recorded, tx) {
    await dropWorkspaceKeys(tx, user_id);
  },
  async WorkspaceApiKeysUsed({ keys }, _recorded, tx) {
    for (const { key_hash, at } of keys) {
      await tx.update<WorkspaceApiKeyView>(WORKSPACE_API_KEYS, key_hash, (view) =>
        view.last_used_at && view.last_used_at >= at ? view : { ...view, last_used_at: at },
      );
    }
  },
};
