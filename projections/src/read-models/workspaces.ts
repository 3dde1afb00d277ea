import { defaultUsername, type ReadStore, type WorkspaceRole } from '@linkledger/contracts';
import type { ReadModelHandlers } from './handlers.ts';
import type { UnitOfWork } from './unit-of-work.ts';

/**
 * One document per workspace (docs/workspaces.md): every user's personal workspace (from
 * their registration, under their own id) and every team workspace (from its creation).
 */
export const WORKSPACES = 'workspaces';
/** One document per workspace and member (`{workspace_id}:{user_id}`): the member's role. */
export const WORKSPACE_MEMBERS = 'workspace_members';
/** One document per pending invite (by invite id): answered, revoked or deleted with its workspace, it goes. */
export const WORKSPACE_INVITES = 'workspace_invites';
/** One document per user who is a member anywhere: their workspaces' ids, so a deleted account's memberships can go. */
const WORKSPACE_MEMBERSHIPS = 'workspace_memberships';

export interface WorkspaceView {
  [key: string]: unknown;
  id: number;
  name: string;
  /** A team workspace's unique slug; null for a personal one. */
  slug: string | null;
  personal: boolean;
  owner_ids: number[];
  member_ids: number[];
  invite_ids: string[];
  /** A personal workspace is named after its user until someone renames it. */
  renamed: boolean;
  created_at: string;
  deleted: boolean;
}

export interface WorkspaceMemberView {
  [key: string]: unknown;
  id: string;
  workspace_id: number;
  user_id: number;
  role: WorkspaceRole;
  joined_at: string;
}

export interface WorkspaceInviteView {
  [key: string]: unknown;
  id: string;
  workspace_id: number;
  role: WorkspaceRole;
  /** Only the masked address: the address itself stays sealed in the log. */
  email_masked: string;
  invited_by: number;
  created_at: string;
  expires_at: string;
}

interface MembershipsView {
  [key: string]: unknown;
  /** The user's id. */
  id: number;
  workspace_ids: number[];
}

export const workspaceIndexes = {
  [WORKSPACES]: [['slug']],
  [WORKSPACE_MEMBERS]: [['workspace_id'], ['user_id']],
  [WORKSPACE_INVITES]: [['workspace_id']],
  [WORKSPACE_MEMBERSHIPS]: [],
} as const;

export const workspaceMemberId = (workspaceId: number, userId: number) => `${workspaceId}:${userId}`;

/** The user's role in the workspace, or null when they are not one of its members or it is gone. */
export async function memberRoleIn(read: Pick<ReadStore, 'get'>, userId: number, workspaceId: number): Promise<WorkspaceRole | null> {
  const [view, member] = await Promise.all([
    read.get<WorkspaceView>(WORKSPACES, workspaceId),
    read.get<WorkspaceMemberView>(WORKSPACE_MEMBERS, workspaceMemberId(workspaceId, userId)),
  ]);
  return view && !view.deleted && member ? member.role : null;
}

/** What a personal workspace is called until renamed: its user's username, possessive. */
const personalWorkspaceName = (username: string) => `${username}’s workspace`;

const without = <T>(list: T[], item: T) => list.filter((each) => each !== item);
const ownersOf = (view: WorkspaceView, userId: number, role: WorkspaceRole | null) =>
  role === 'owner' ? [...without(view.owner_ids, userId), userId] : without(view.owner_ids, userId);

/** Puts (or, with role null, takes out) one membership, in the member document, the workspace and the user's list. */
async function setMember(tx: UnitOfWork, workspaceId: number, userId: number, role: WorkspaceRole | null, at: string) {
  const id = workspaceMemberId(workspaceId, userId);
  const existing = await tx.get<WorkspaceMemberView>(WORKSPACE_MEMBERS, id);
  if (role === null) tx.delete(WORKSPACE_MEMBERS, id);
  else tx.put(WORKSPACE_MEMBERS, { id, workspace_id: workspaceId, user_id: userId, role, joined_at: existing?.joined_at ?? at });
  await tx.update<WorkspaceView>(WORKSPACES, workspaceId, (view) => ({
    ...view,
    owner_ids: ownersOf(view, userId, role),
    member_ids: role === null ? without(view.member_ids, userId) : [...without(view.member_ids, userId), userId],
  }));
  const memberships = (await tx.get<MembershipsView>(WORKSPACE_MEMBERSHIPS, userId)) ?? { id: userId, workspace_ids: [] };
  const workspaceIds = role === null ? without(memberships.workspace_ids, workspaceId) : [...without(memberships.workspace_ids, workspaceId), workspaceId];
  if (workspaceIds.length) tx.put(WORKSPACE_MEMBERSHIPS, { ...memberships, workspace_ids: workspaceIds });
  else tx.delete(WORKSPACE_MEMBERSHIPS, userId);
}

async function dropInvite(tx: UnitOfWork, workspaceId: number, inviteId: string) {
  tx.delete(WORKSPACE_INVITES, inviteId);
  await tx.update<WorkspaceView>(WORKSPACES, workspaceId, (view) => ({ ...view, invite_ids: without(view.invite_ids, inviteId) }));
}

/** A workspace ends: its members and invites go with it, and the document says it was deleted. */
async function closeWorkspace(tx: UnitOfWork, workspaceId: number, at: string) {
  const view = await tx.get<WorkspaceView>(WORKSPACES, workspaceId);
  if (!view) return;
  for (const userId of view.member_ids) await setMember(tx, workspaceId, userId, null, at);
  for (const inviteId of view.invite_ids) await dropInvite(tx, workspaceId, inviteId);
  await tx.update<WorkspaceView>(WORKSPACES, workspaceId, (closed) => ({ ...closed, deleted: true }));
}

/** What a new workspace's document starts from; members and invites follow. */
type OpenedWorkspace = Pick<WorkspaceView, 'id' | 'name' | 'slug' | 'personal' | 'renamed' | 'created_at'>;

function openWorkspace(tx: UnitOfWork, opened: OpenedWorkspace) {
  const view: WorkspaceView = { ...opened, owner_ids: [], member_ids: [], invite_ids: [], deleted: false };
  tx.put(WORKSPACES, view);
}

export const workspaceHandlers: ReadModelHandlers = {
  /** Every account has its personal workspace from the start, under its own id, with itself as owner. */
  async UserRegistered({ user_id, email }, recorded, tx) {
    const at = recorded.metadata.at;
    openWorkspace(tx, { id: user_id, name: personalWorkspaceName(defaultUsername(email)), slug: null, personal: true, renamed: false, created_at: at });
    await setMember(tx, user_id, user_id, 'owner', at);
  },
  async ProfileUpdated({ user_id, username }, _recorded, tx) {
    await tx.update<WorkspaceView>(WORKSPACES, user_id, (view) => (view.personal && !view.renamed ? { ...view, name: personalWorkspaceName(username) } : view));
  },
  /** A deleted account's personal workspace goes (its name was theirs), and so do its memberships elsewhere. */
  async AccountDeleted({ user_id }, recorded, tx) {
    const at = recorded.metadata.at;
    await closeWorkspace(tx, user_id, at);
    tx.delete(WORKSPACES, user_id);
    const memberships = await tx.get<MembershipsView>(WORKSPACE_MEMBERSHIPS, user_id);
    for (const workspaceId of memberships?.workspace_ids ?? []) await setMember(tx, workspaceId, user_id, null, at);
  },
  async WorkspaceCreated({ workspace_id, name, slug, owner_id }, recorded, tx) {
    const at = recorded.metadata.at;
    openWorkspace(tx, { id: workspace_id, name, slug, personal: false, renamed: false, created_at: at });
    await setMember(tx, workspace_id, owner_id, 'owner', at);
  },
  async WorkspaceRenamed({ workspace_id, name }, _recorded, tx) {
    await tx.update<WorkspaceView>(WORKSPACES, workspace_id, (view) => ({ ...view, name, renamed: true }));
  },
  async WorkspaceDeleted({ workspace_id }, recorded, tx) {
    await closeWorkspace(tx, workspace_id, recorded.metadata.at);
  },
  async WorkspaceInviteSent({ invite_id, workspace_id, role, email_masked, inviter_id, expires_at }, recorded, tx) {
    tx.put(WORKSPACE_INVITES, {
      id: invite_id,
      workspace_id,
      role,
      email_masked,
      invited_by: inviter_id,
      created_at: recorded.metadata.at,
      expires_at,
    } satisfies WorkspaceInviteView);
    await tx.update<WorkspaceView>(WORKSPACES, workspace_id, (view) => ({ ...view, invite_ids: [...without(view.invite_ids, invite_id), invite_id] }));
  },
  async WorkspaceInviteAccepted({ invite_id, workspace_id, user_id, role }, recorded, tx) {
    await dropInvite(tx, workspace_id, invite_id);
    await setMember(tx, workspace_id, user_id, role, recorded.metadata.at);
  },
  async WorkspaceInviteDeclined({ invite_id, workspace_id }, _recorded, tx) {
    await dropInvite(tx, workspace_id, invite_id);
  },
  async WorkspaceInviteRevoked({ invite_id, workspace_id }, _recorded, tx) {
    await dropInvite(tx, workspace_id, invite_id);
  },
  async WorkspaceMemberRoleChanged({ workspace_id, user_id, role }, recorded, tx) {
    await setMember(tx, workspace_id, user_id, role, recorded.metadata.at);
  },
  async WorkspaceMemberRemoved({ workspace_id, user_id }, recorded, tx) {
    await setMember(tx, workspace_id, user_id, null, recorded.metadata.at);
  },
  async WorkspaceOwnershipTransferred({ workspace_id, from_user_id, to_user_id }, recorded, tx) {
    await setMember(tx, workspace_id, to_user_id, 'owner', recorded.metadata.at);
    await setMember(tx, workspace_id, from_user_id, 'admin', recorded.metadata.at);
  },
};
