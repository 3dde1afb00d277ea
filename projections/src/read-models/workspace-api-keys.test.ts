import type { ApiKeyScope, DomainEvent } from '@linkledger/contracts';
import { describe, expect, it } from 'vitest';
import { loggedEvents } from '../testing/logged-events.ts';
import { projectReadModel } from '../testing/project-read-model.ts';
import { WORKSPACE_API_KEYS, type WorkspaceApiKeyView } from './workspace-api-keys.ts';

const ASHA = 1;
const TEAM = 3;
const OTHER_TEAM = 4;
const hashOf = (n: number) => n.toString(16).padStart(64, '0');
const keyIdOf = (n: number) => `6f1c2b0a-0000-4000-8000-00000000000${n}`;

const created = (workspace_id: number, n: number, scopes: ApiKeyScope[] = ['domains:read']) => ({
  stream: `workspace-${workspace_id}`,
  event: {
    type: 'WorkspaceApiKeyCreated',
    data: { workspace_id, key_id: keyIdOf(n), name: `Key ${n}`, scopes, key_hash: hashOf(n), last_four: `abc${n}`, creator_id: ASHA },
  } as DomainEvent,
});
const onStream = (stream: string, event: DomainEvent) => ({ stream, event });

const keys = async (store: Awaited<ReturnType<typeof projectReadModel>>) =>
  (await store.find<WorkspaceApiKeyView>(WORKSPACE_API_KEYS, {})).map((view) => view.key_id).sort();

describe('the workspace API keys read model', () => {
  const history = loggedEvents([
    onStream(`user-${ASHA}`, { type: 'UserRegistered', data: { user_id: ASHA, email: 'asha@example.com', password_hash: 'h', role: 'user' } }),
    onStream(`workspace-${TEAM}`, { type: 'WorkspaceCreated', data: { workspace_id: TEAM, name: 'Team', slug: 'team', owner_id: ASHA } }),
    onStream(`workspace-${OTHER_TEAM}`, { type: 'WorkspaceCreated', data: { workspace_id: OTHER_TEAM, name: 'Other', slug: 'other', owner_id: ASHA } }),
    created(TEAM, 1),
    created(TEAM, 2, ['workspace:read']),
    created(OTHER_TEAM, 3),
    created(ASHA, 4, ['links:read']),
    onStream(`workspace-${TEAM}`, {
      type: 'WorkspaceApiKeyRevoked',
      data: { workspace_id: TEAM, key_id: keyIdOf(2), key_hash: hashOf(2), name: 'Key 2', creator_id: ASHA, revoked_by: ASHA },
    }),
    created(TEAM, 5),
    onStream(`workspace-${TEAM}`, { type: 'WorkspaceDeleted', data: { workspace_id: TEAM } }),
    onStream(`user-${ASHA}`, { type: 'AccountDeleted', data: { user_id: ASHA } }),
  ]);

  it('given keys made and one revoked, holds the live ones', async () => {
    const store = await projectReadModel([history.slice(0, 9)]);
    expect(await keys(store)).toEqual([keyIdOf(1), keyIdOf(3), keyIdOf(4), keyIdOf(5)]);
  });

  it('when a workspace is deleted, its keys leave the read model and another workspace’s stay', async () => {
    const store = await projectReadModel([history.slice(0, 9), history.slice(9, 10)]);
    expect(await keys(store)).toEqual([keyIdOf(3), keyIdOf(4)]);
    expect(await store.get(WORKSPACE_API_KEYS, hashOf(1))).toBeNull();
  });

  it('when an account is deleted, its personal workspace’s keys leave with it; the same in one batch as event by event', async () => {
    const oneBatch = await projectReadModel([history]);
    const eventByEvent = await projectReadModel(history.map((event) => [event]));
    expect(await keys(oneBatch)).toEqual([keyIdOf(3)]);
    expect(await keys(eventByEvent)).toEqual([keyIdOf(3)]);
  });
});
