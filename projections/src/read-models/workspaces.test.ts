import type { DomainEvent, WorkspaceRole } from '@linkledger/contracts';
import { describe, expect, it } from 'vitest';
import { eventsOf, loggedAt, loggedEvents } from '../testing/logged-events.ts';
import { projectReadModel } from '../testing/project-read-model.ts';
import {
  WORKSPACES,
  WORKSPACE_INVITES,
  WORKSPACE_MEMBERS,
  workspaceMemberId,
  type WorkspaceInviteView,
  type WorkspaceMemberView,
  type WorkspaceView,
} from './workspaces.ts';

const recorded = loggedEvents;
const minute = loggedAt;

const ASHA = 1;
const BEN = 2;
const TEAM = 3;
const INVITE = '6f1c2b0a-0000-4000-8000-000000000001';
const INVITE_2 = '6f1c2b0a-0000-4000-8000-000000000002';
const registered = (user_id: number, email: string) => ({
  stream: `user-${user_id}`,
  event: { type: 'UserRegistered', data: { user_id, email, password_hash: 'h', role: 'user' } } as DomainEvent,
});
const onTeam = (event: DomainEvent) => ({ stream: `workspace-${TEAM}`, event });
const sent = (invite_id: string, role: WorkspaceRole, workspace_id = TEAM): DomainEvent => ({
  type: 'WorkspaceInviteSent',
  data: { invite_id, workspace_id, role, email: 'ben@example.com', email_masked: '****@example.com', inviter_id: ASHA, expires_at: minute(60 * 24 * 7) },
});

const history = recorded([
  registered(ASHA, 'asha@example.com'),
  registered(BEN, 'ben@example.com'),
  onTeam({ type: 'WorkspaceCreated', data: { workspace_id: TEAM, name: '<b>Growth</b>', slug: 'growth', owner_id: ASHA } }),
  onTeam(sent(INVITE, 'admin')),
  onTeam({ type: 'WorkspaceInviteAccepted', data: { invite_id: INVITE, workspace_id: TEAM, user_id: BEN, role: 'admin' } }),
  onTeam(sent(INVITE_2, 'viewer')),
  { stream: `workspace-${ASHA}`, event: sent('6f1c2b0a-0000-4000-8000-000000000003', 'member', ASHA) },
  {
    stream: `workspace-${ASHA}`,
    event: { type: 'WorkspaceInviteAccepted', data: { invite_id: '6f1c2b0a-0000-4000-8000-000000000003', workspace_id: ASHA, user_id: BEN, role: 'member' } },
  },
  { stream: `user-${BEN}`, event: { type: 'ProfileUpdated', data: { user_id: BEN, username: 'benji', full_name: '', phone: '' } } },
]);

describe('the workspaces read model', () => {
  it('given a registration, holds the personal workspace under the user’s id, named after them, with them as its owner', async () => {
    const store = await projectReadModel([history.slice(0, 1)]);
    expect(await store.get<WorkspaceView>(WORKSPACES, ASHA)).toEqual({
      id: ASHA,
      name: 'asha’s workspace',
      slug: null,
      personal: true,
      owner_ids: [ASHA],
      member_ids: [ASHA],
      invite_ids: [],
      renamed: false,
      created_at: minute(1),
      deleted: false,
    });
    expect(await store.get<WorkspaceMemberView>(WORKSPACE_MEMBERS, workspaceMemberId(ASHA, ASHA))).toEqual({
      id: '1:1',
      workspace_id: ASHA,
      user_id: ASHA,
      role: 'owner',
      joined_at: minute(1),
    });
  });

  it('given a team workspace’s history, holds its members with roles and its pending invites (masked address only)', async () => {
    const store = await projectReadModel([history]);
    expect(await store.get<WorkspaceView>(WORKSPACES, TEAM)).toMatchObject({
      name: '<b>Growth</b>',
      slug: 'growth',
      personal: false,
      owner_ids: [ASHA],
      member_ids: [ASHA, BEN],
    });
    expect(await store.find<WorkspaceMemberView>(WORKSPACE_MEMBERS, { where: { workspace_id: TEAM } })).toEqual([
      { id: '3:1', workspace_id: TEAM, user_id: ASHA, role: 'owner', joined_at: minute(3) },
      { id: '3:2', workspace_id: TEAM, user_id: BEN, role: 'admin', joined_at: minute(5) },
    ]);
    const invites = await store.find<WorkspaceInviteView>(WORKSPACE_INVITES, { where: { workspace_id: TEAM } });
    expect(invites).toEqual([
      {
        id: INVITE_2,
        workspace_id: TEAM,
        role: 'viewer',
        email_masked: '****@example.com',
        invited_by: ASHA,
        created_at: minute(6),
        expires_at: minute(60 * 24 * 7),
      },
    ]);
    expect(JSON.stringify(await store.find(WORKSPACE_INVITES))).not.toContain('ben@example.com');
    // A personal workspace takes members too, and follows its user's username until renamed.
    expect((await store.get<WorkspaceView>(WORKSPACES, ASHA))?.member_ids).toEqual([ASHA, BEN]);
    expect((await store.get<WorkspaceView>(WORKSPACES, BEN))?.name).toBe('benji’s workspace');
  });

  it('follows role changes, transfers, removals, renames and revocations', async () => {
    const more = recorded([
      ...eventsOf(history),
      onTeam({ type: 'WorkspaceOwnershipTransferred', data: { workspace_id: TEAM, from_user_id: ASHA, to_user_id: BEN } }),
      onTeam({ type: 'WorkspaceMemberRoleChanged', data: { workspace_id: TEAM, user_id: ASHA, role: 'viewer', previous: 'admin' } }),
      onTeam({ type: 'WorkspaceInviteRevoked', data: { invite_id: INVITE_2, workspace_id: TEAM } }),
      onTeam({ type: 'WorkspaceRenamed', data: { workspace_id: TEAM, name: 'Sales' } }),
      { stream: `workspace-${ASHA}`, event: { type: 'WorkspaceMemberRemoved', data: { workspace_id: ASHA, user_id: BEN, reason: 'removed' } } },
      { stream: `workspace-${BEN}`, event: { type: 'WorkspaceRenamed', data: { workspace_id: BEN, name: 'Ben & co' } } },
      { stream: `user-${BEN}`, event: { type: 'ProfileUpdated', data: { user_id: BEN, username: 'benjamin', full_name: '', phone: '' } } },
    ]);
    const store = await projectReadModel([more]);
    expect(await store.get<WorkspaceView>(WORKSPACES, TEAM)).toMatchObject({ name: 'Sales', owner_ids: [BEN], member_ids: [BEN, ASHA], invite_ids: [] });
    expect((await store.get<WorkspaceMemberView>(WORKSPACE_MEMBERS, '3:1'))?.role).toBe('viewer');
    expect((await store.get<WorkspaceMemberView>(WORKSPACE_MEMBERS, '3:1'))?.joined_at).toBe(minute(3));
    expect(await store.get(WORKSPACE_INVITES, INVITE_2)).toBeNull();
    expect(await store.get(WORKSPACE_MEMBERS, '1:2')).toBeNull();
    expect((await store.get<WorkspaceView>(WORKSPACES, ASHA))?.member_ids).toEqual([ASHA]);
    // Renamed, a personal workspace no longer follows its user's username.
    expect((await store.get<WorkspaceView>(WORKSPACES, BEN))?.name).toBe('Ben & co');
  });

  it('given a deleted team workspace, it is marked deleted and its members and invites are gone', async () => {
    const deleted = recorded([...eventsOf(history), onTeam({ type: 'WorkspaceDeleted', data: { workspace_id: TEAM } })]);
    const store = await projectReadModel([deleted]);
    expect(await store.get<WorkspaceView>(WORKSPACES, TEAM)).toMatchObject({ deleted: true, member_ids: [], owner_ids: [], invite_ids: [] });
    expect(await store.find(WORKSPACE_MEMBERS, { where: { workspace_id: TEAM } })).toEqual([]);
    expect(await store.find(WORKSPACE_INVITES, { where: { workspace_id: TEAM } })).toEqual([]);
    expect((await store.find<WorkspaceMemberView>(WORKSPACE_MEMBERS, { where: { user_id: BEN } })).map((m) => m.workspace_id).sort()).toEqual([ASHA, BEN]);
  });

  it('given a deleted account, its personal workspace goes and so do its memberships elsewhere', async () => {
    const gone = recorded([...eventsOf(history), { stream: `user-${BEN}`, event: { type: 'AccountDeleted', data: { user_id: BEN } } }]);
    const store = await projectReadModel([gone]);
    expect(await store.get(WORKSPACES, BEN)).toBeNull();
    expect(await store.find(WORKSPACE_MEMBERS, { where: { user_id: BEN } })).toEqual([]);
    expect((await store.get<WorkspaceView>(WORKSPACES, TEAM))?.member_ids).toEqual([ASHA]);
    expect((await store.get<WorkspaceView>(WORKSPACES, ASHA))?.member_ids).toEqual([ASHA]);
  });

  it('a rebuild from position 0 gives the same documents, whatever the batches', async () => {
    const oneBatch = await projectReadModel([history]);
    const oneByOne = await projectReadModel(history.map((event) => [event]));
    const inThree = await projectReadModel([history.slice(0, 3), history.slice(3, 5), history.slice(5)]);
    expect(oneByOne.snapshot()).toEqual(oneBatch.snapshot());
    expect(inThree.snapshot()).toEqual(oneBatch.snapshot());
  });
});
