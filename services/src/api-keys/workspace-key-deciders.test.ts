import { describe, it } from 'vitest';
import type { ApiKeyScope, DomainEvent, WorkspaceRole } from '@linkledger/contracts';
import { deciderSpec } from '../testing/decider-spec.ts';
import {
  NOT_YOUR_KEY,
  ONE_KEY_WITHOUT_ADVANCED_API,
  WORKSPACE_KEY_NOT_FOUND,
  scopeBeyondRole,
  scopeNeedsAdvancedApi,
  workspaceKeyDecider,
} from './workspace-key-deciders.ts';

const keys = deciderSpec(workspaceKeyDecider);
const keyId = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const hash = (n: number) => String(n).repeat(64);

const create = (n: number, options: { role?: WorkspaceRole; scopes?: ApiKeyScope[]; advancedApi?: boolean; otherKeys?: number; creatorId?: number } = {}) => ({
  kind: 'create' as const,
  workspaceId: 40,
  creatorId: options.creatorId ?? 7,
  role: options.role ?? 'member',
  advancedApi: options.advancedApi ?? true,
  otherKeys: options.otherKeys ?? 0,
  name: `Key ${n}`,
  scopes: options.scopes ?? ['links:read'],
  key: { keyId: keyId(n), keyHash: hash(n), lastFour: 'abcd' },
});
const created = (n: number, scopes: ApiKeyScope[] = ['links:read'], creatorId = 7): DomainEvent => ({
  type: 'WorkspaceApiKeyCreated',
  data: { workspace_id: 40, key_id: keyId(n), name: `Key ${n}`, scopes, key_hash: hash(n), last_four: 'abcd', creator_id: creatorId },
});
const revoke = (n: number, revokedBy: number, managesAll: boolean) => ({ kind: 'revoke' as const, workspaceId: 40, keyId: keyId(n), revokedBy, managesAll });
const revoked = (n: number, revokedBy: number, creatorId = 7): DomainEvent => ({
  type: 'WorkspaceApiKeyRevoked',
  data: { workspace_id: 40, key_id: keyId(n), key_hash: hash(n), name: `Key ${n}`, creator_id: creatorId, revoked_by: revokedBy },
});

describe('workspace API keys: creating', () => {
  it('given a workspace on a plan with Advanced API, when a member creates a key within their role, then it is created', () => {
    keys
      .given([created(1)])
      .when(create(2, { scopes: ['links:read', 'links:write', 'domains:read'] }))
      .then([created(2, ['links:read', 'links:write', 'domains:read'])]);
  });

  it('when a viewer asks for links:write, then it is refused naming the scope', () => {
    keys
      .given([])
      .when(create(1, { role: 'viewer', scopes: ['links:read', 'links:write'] }))
      .thenThrows(scopeBeyondRole('links:write', 'viewer'));
  });

  it('when a member asks for domains:write (an admin’s), then it is refused naming the scope', () => {
    keys
      .given([])
      .when(create(1, { role: 'member', scopes: ['domains:write'] }))
      .thenThrows(scopeBeyondRole('domains:write', 'member'));
  });

  it('given no Advanced API, when the first key asks for the basic scopes, then it is created', () => {
    const basic: ApiKeyScope[] = ['links:read', 'links:write', 'analytics:read'];
    keys
      .given([])
      .when(create(1, { advancedApi: false, scopes: basic }))
      .then([created(1, basic)]);
  });

  it('given no Advanced API, when a key asks for another scope, then it is refused naming the feature', () => {
    keys
      .given([])
      .when(create(1, { advancedApi: false, role: 'owner', scopes: ['links:read', 'workspace:read'] }))
      .thenThrows(scopeNeedsAdvancedApi('workspace:read'));
  });

  it('given no Advanced API and a key, when a second is created, then it is refused naming the feature', () => {
    keys
      .given([created(1)])
      .when(create(2, { advancedApi: false }))
      .thenThrows(ONE_KEY_WITHOUT_ADVANCED_API);
  });

  it('given no Advanced API and the account’s own key, when a workspace key is created, then it is refused', () => {
    keys
      .given([])
      .when(create(1, { advancedApi: false, otherKeys: 1 }))
      .thenThrows(ONE_KEY_WITHOUT_ADVANCED_API);
  });

  it('given no Advanced API and a revoked key, when a key is created, then it is created (the one key is free again)', () => {
    keys
      .given([created(1), revoked(1, 7)])
      .when(create(2, { advancedApi: false }))
      .then([created(2)]);
  });
});

describe('workspace API keys: revoking', () => {
  it('given a member’s key, when they revoke it, then it is revoked', () => {
    keys
      .given([created(1)])
      .when(revoke(1, 7, false))
      .then([revoked(1, 7)]);
  });

  it('given someone else’s key, when a member revokes it, then it is refused', () => {
    keys
      .given([created(1, ['links:read'], 8)])
      .when(revoke(1, 7, false))
      .thenThrows(NOT_YOUR_KEY);
  });

  it('given someone else’s key, when an owner or admin revokes it, then it is revoked', () => {
    keys
      .given([created(1, ['links:read'], 8)])
      .when(revoke(1, 7, true))
      .then([revoked(1, 7, 8)]);
  });

  it('given a revoked key, when it is revoked again, then it is not found', () => {
    keys
      .given([created(1), revoked(1, 7)])
      .when(revoke(1, 7, true))
      .thenThrows(WORKSPACE_KEY_NOT_FOUND);
  });

  it('given a key whose creator was removed, when it is revoked, then it is not found (their keys left with them); others’ stay', () => {
    const removed: DomainEvent = { type: 'WorkspaceMemberRemoved', data: { workspace_id: 40, user_id: 7, reason: 'removed' } };
    keys
      .given([created(1), created(2, ['links:read'], 8), removed])
      .when(revoke(1, 1, true))
      .thenThrows(WORKSPACE_KEY_NOT_FOUND);
    keys
      .given([created(1), created(2, ['links:read'], 8), removed])
      .when(revoke(2, 1, true))
      .then([revoked(2, 1, 8)]);
  });

  it('given a deleted workspace, when its key is revoked, then it is not found (its keys died with it)', () => {
    keys
      .given([created(1), { type: 'WorkspaceDeleted', data: { workspace_id: 40 } } as DomainEvent])
      .when(revoke(1, 7, true))
      .thenThrows(WORKSPACE_KEY_NOT_FOUND);
  });
});
