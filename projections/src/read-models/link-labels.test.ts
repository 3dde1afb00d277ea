import type { DomainEvent } from '@linkledger/contracts';
import { describe, expect, it } from 'vitest';
import { loggedEvents } from '../testing/logged-events.ts';
import { projectReadModel } from '../testing/project-read-model.ts';
import { LINK_LABELS, type LinkLabelsView } from './link-labels.ts';

const ASHA = 1;
const TEAM = 3;
const OTHER_TEAM = 4;

const onStream = (stream: string, event: DomainEvent) => ({ stream, event });
const labelled = (workspace_id: number, n: number) => [
  onStream(`labels-${workspace_id}`, { type: 'TagCreated', data: { workspace_id, tag_id: n, name: `Tag ${n}`, color: 'blue' } }),
  onStream(`labels-${workspace_id}`, { type: 'FolderCreated', data: { workspace_id, folder_id: n, name: `Folder ${n}` } }),
];

const workspacesHoldingLabels = async (store: Awaited<ReturnType<typeof projectReadModel>>) =>
  (await store.find<LinkLabelsView>(LINK_LABELS, {})).map((view) => view.id).sort();

describe('the link labels read model', () => {
  const history = loggedEvents([
    onStream(`user-${ASHA}`, { type: 'UserRegistered', data: { user_id: ASHA, email: 'asha@example.com', password_hash: 'h', role: 'user' } }),
    onStream(`workspace-${TEAM}`, { type: 'WorkspaceCreated', data: { workspace_id: TEAM, name: 'Team', slug: 'team', owner_id: ASHA } }),
    onStream(`workspace-${OTHER_TEAM}`, { type: 'WorkspaceCreated', data: { workspace_id: OTHER_TEAM, name: 'Other', slug: 'other', owner_id: ASHA } }),
    ...labelled(ASHA, 1),
    ...labelled(TEAM, 2),
    ...labelled(OTHER_TEAM, 3),
    onStream(`labels-${TEAM}`, { type: 'FolderRenamed', data: { workspace_id: TEAM, folder_id: 2, name: 'Renamed' } }),
    onStream(`workspace-${TEAM}`, { type: 'WorkspaceDeleted', data: { workspace_id: TEAM } }),
    onStream(`user-${ASHA}`, { type: 'AccountDeleted', data: { user_id: ASHA } }),
  ]);

  it('given tags and folders in three workspaces, holds one document per workspace', async () => {
    const store = await projectReadModel([history.slice(0, 10)]);
    expect(await workspacesHoldingLabels(store)).toEqual([ASHA, TEAM, OTHER_TEAM]);
    expect((await store.get<LinkLabelsView>(LINK_LABELS, TEAM))?.folders).toEqual([{ id: 2, name: 'Renamed', deleted: false }]);
  });

  it('when a workspace is deleted, its labels leave the read model and another workspace’s stay', async () => {
    const store = await projectReadModel([history.slice(0, 10), history.slice(10, 11)]);
    expect(await workspacesHoldingLabels(store)).toEqual([ASHA, OTHER_TEAM]);
    expect(await store.get(LINK_LABELS, TEAM)).toBeNull();
  });

  it('when an account is deleted, its personal workspace’s labels leave with it; the same in one batch as event by event', async () => {
    const oneBatch = await projectReadModel([history]);
    const eventByEvent = await projectReadModel(history.map((event) => [event]));
    expect(await workspacesHoldingLabels(oneBatch)).toEqual([OTHER_TEAM]);
    expect(await workspacesHoldingLabels(eventByEvent)).toEqual([OTHER_TEAM]);
  });
});
