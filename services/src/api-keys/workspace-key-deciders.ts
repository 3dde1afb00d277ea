import { BASIC_API_KEY_SCOPES, roleAllows, type ApiKeyScope, type DomainEvent, type WorkspaceRole } from '@linkledger/contracts';
import type { Decider } from '../commands/command-handler.ts';
import { forbidden, notFound } from '../commands/domain-error.ts';
import { evolveWorkspaceKeys, noWorkspaceKeys, type WorkspaceKeysState } from './workspace-key-state.ts';

/** Whether a workspace may hold one more key: any number with Advanced API, else one (the account's key included). */
export const roomForAnotherKey = (advancedApi: boolean, keysHeld: number) => advancedApi || keysHeld === 0;

export const scopeBeyondRole = (scope: ApiKeyScope, role: WorkspaceRole) => `Your role in this workspace (${role}) does not allow the scope ${scope}.`;
export const scopeNeedsAdvancedApi = (scope: ApiKeyScope) =>
  `The scope ${scope} needs Advanced API (advanced_api), on the Pro and Enterprise plans. Without it a key may have links:read, links:write and analytics:read.`;
export const ONE_KEY_WITHOUT_ADVANCED_API =
  'This workspace already has an API key. Several keys need Advanced API (advanced_api), on the Pro and Enterprise plans: revoke the key to make another.';
export const WORKSPACE_KEY_NOT_FOUND = 'There is no such API key in this workspace.';
export const NOT_YOUR_KEY = 'Only an owner or admin of this workspace may revoke an API key someone else created.';

/** The key is minted outside (randomness), and the plan and role are read before deciding, so deciding stays pure. */
interface CreateWorkspaceKey {
  kind: 'create';
  workspaceId: number;
  creatorId: number;
  /** The creator's role in the workspace now. */
  role: WorkspaceRole;
  advancedApi: boolean;
  /** Keys the workspace holds beside its own stream's: the personal workspace's account key, which counts towards the one. */
  otherKeys: number;
  name: string;
  scopes: ApiKeyScope[];
  key: { keyId: string; keyHash: string; lastFour: string };
}

interface RevokeWorkspaceKey {
  kind: 'revoke';
  workspaceId: number;
  keyId: string;
  revokedBy: number;
  /** Owners and admins revoke any key; anyone else only their own. */
  managesAll: boolean;
}

type WorkspaceKeyCommand = CreateWorkspaceKey | RevokeWorkspaceKey;

function decideCreate(command: CreateWorkspaceKey, state: WorkspaceKeysState): DomainEvent[] {
  const { workspaceId, creatorId, role, name, scopes, key } = command;
  for (const scope of scopes) if (!roleAllows(role, scope)) throw forbidden(scopeBeyondRole(scope, role));
  if (!command.advancedApi) {
    const beyond = scopes.find((scope) => !BASIC_API_KEY_SCOPES.includes(scope));
    if (beyond) throw forbidden(scopeNeedsAdvancedApi(beyond));
    if (!roomForAnotherKey(false, Object.keys(state.keys).length + command.otherKeys)) throw forbidden(ONE_KEY_WITHOUT_ADVANCED_API);
  }
  const data = { workspace_id: workspaceId, key_id: key.keyId, name, scopes, key_hash: key.keyHash, last_four: key.lastFour, creator_id: creatorId };
  return [{ type: 'WorkspaceApiKeyCreated', data }];
}

function decideRevoke(command: RevokeWorkspaceKey, state: WorkspaceKeysState): DomainEvent[] {
  const key = state.keys[command.keyId];
  if (!key) throw notFound(WORKSPACE_KEY_NOT_FOUND);
  if (!command.managesAll && key.creatorId !== command.revokedBy) throw forbidden(NOT_YOUR_KEY);
  const { workspaceId, keyId, revokedBy } = command;
  const data = { workspace_id: workspaceId, key_id: keyId, key_hash: key.keyHash, name: key.name, creator_id: key.creatorId, revoked_by: revokedBy };
  return [{ type: 'WorkspaceApiKeyRevoked', data }];
}

/** A workspace's keys live on its own stream, so its activity tells who made and revoked each. */
export const workspaceKeyDecider: Decider<WorkspaceKeyCommand, WorkspaceKeysState> = {
  streamOf: (command) => `workspace-${command.workspaceId}`,
  initialState: noWorkspaceKeys,
  evolve: evolveWorkspaceKeys,
  decide: (command, state) => (command.kind === 'create' ? decideCreate(command, state) : decideRevoke(command, state)),
};
