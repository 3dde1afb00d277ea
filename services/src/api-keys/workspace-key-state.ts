import type { DomainEvent } from '@linkledger/contracts';

/** A live workspace key as the write side needs it: who made it, its lookup hash and its name. */
interface LiveWorkspaceKey {
  creatorId: number;
  keyHash: string;
  name: string;
}

/** A workspace's live API keys, folded from its `workspace-{id}` stream (docs/developer-api.md#workspace-keys-and-scopes). */
export interface WorkspaceKeysState {
  keys: Readonly<Record<string, LiveWorkspaceKey>>;
}

export const noWorkspaceKeys: WorkspaceKeysState = { keys: {} };

export function evolveWorkspaceKeys(state: WorkspaceKeysState, event: DomainEvent): WorkspaceKeysState {
  switch (event.type) {
    case 'WorkspaceApiKeyCreated':
      return { keys: { ...state.keys, [event.data.key_id]: { creatorId: event.data.creator_id, keyHash: event.data.key_hash, name: event.data.name } } };
    case 'WorkspaceApiKeyRevoked': {
      const keys = { ...state.keys };
      delete keys[event.data.key_id];
      return { keys };
    }
    // A creator who leaves or is removed takes their keys with them: rejoining later does not bring them back.
    case 'WorkspaceMemberRemoved':
      return { keys: Object.fromEntries(Object.entries(state.keys).filter(([, key]) => key.creatorId !== event.data.user_id)) };
    // A deleted workspace's keys die with it.
    case 'WorkspaceDeleted':
      return noWorkspaceKeys;
    default:
      return state;
  }
}
