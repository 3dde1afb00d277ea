import { createHash } from 'node:crypto';
import type { DomainEvent, WorkspaceRole } from '@linkledger/contracts';

/** An invite as its workspace's stream tells it; `email` is the invited address (opened from its sealed form). */
export interface WorkspaceInvite {
  id: string;
  role: WorkspaceRole;
  email: string;
  expiresAt: string;
  status: 'pending' | 'accepted' | 'declined' | 'revoked';
}

/**
 * A workspace's stream (`workspace-{id}`) folded (docs/workspaces.md#the-model). A team
 * workspace starts with `WorkspaceCreated`; a personal one has no such event (it exists from
 * its user's registration), so its stream only holds what changed since: its members other
 * than its user, its invites, a new name. `workspaceOf` adds what a personal workspace is
 * without events.
 */
export interface WorkspaceState {
  /** A team workspace was created on this stream. */
  team: boolean;
  deleted: boolean;
  /** Set only once renamed (a personal workspace) or created (a team one). */
  name: string | null;
  /** Each member's role, by user id. */
  members: Readonly<Record<number, WorkspaceRole>>;
  invites: Readonly<Record<string, WorkspaceInvite>>;
}

export const noWorkspace: WorkspaceState = { team: false, deleted: false, name: null, members: {}, invites: {} };

export const workspaceStream = (id: number) => `workspace-${id}`;
export const workspaceSlugStream = (slug: string) => `workspace-slug-${createHash('sha256').update(slug).digest('hex')}`;
export const inviteTokenStream = (token: string) => `workspace-invite-${createHash('sha256').update(token).digest('hex')}`;

const withMember = (state: WorkspaceState, userId: number, role: WorkspaceRole | null): WorkspaceState => {
  const members = { ...state.members };
  if (role === null) delete members[userId];
  else members[userId] = role;
  return { ...state, members };
};

const withInviteStatus = (state: WorkspaceState, inviteId: string, status: WorkspaceInvite['status']): WorkspaceState => {
  const invite = state.invites[inviteId];
  return invite ? { ...state, invites: { ...state.invites, [inviteId]: { ...invite, status } } } : state;
};

export function evolveWorkspace(state: WorkspaceState, event: DomainEvent): WorkspaceState {
  switch (event.type) {
    case 'WorkspaceCreated':
      return { team: true, deleted: false, name: event.data.name, members: { [event.data.owner_id]: 'owner' }, invites: {} };
    case 'WorkspaceRenamed':
      return { ...state, name: event.data.name };
    case 'WorkspaceDeleted':
      return { ...state, deleted: true };
    case 'WorkspaceInviteSent': {
      const { invite_id: id, role, email, expires_at: expiresAt } = event.data;
      return { ...state, invites: { ...state.invites, [id]: { id, role, email, expiresAt, status: 'pending' } } };
    }
    case 'WorkspaceInviteAccepted':
      return withMember(withInviteStatus(state, event.data.invite_id, 'accepted'), event.data.user_id, event.data.role);
    case 'WorkspaceInviteDeclined':
      return withInviteStatus(state, event.data.invite_id, 'declined');
    case 'WorkspaceInviteRevoked':
      return withInviteStatus(state, event.data.invite_id, 'revoked');
    case 'WorkspaceMemberRoleChanged':
      return withMember(state, event.data.user_id, event.data.role);
    case 'WorkspaceMemberRemoved':
      return withMember(state, event.data.user_id, null);
    case 'WorkspaceOwnershipTransferred':
      return withMember(withMember(state, event.data.to_user_id, 'owner'), event.data.from_user_id, 'admin');
    default:
      return state;
  }
}

/** Where a workspace command acts: its id, and whether the read model knows it as a user's personal workspace. */
export interface WorkspaceAddress {
  workspaceId: number;
  /** A personal workspace: its id is its user's id, and that user is its owner for good. */
  personal: boolean;
}

/** A workspace as a command sees it: its stream's state, with a personal workspace's user as its owner. */
export interface Workspace extends WorkspaceState {
  id: number;
  personal: boolean;
}

/**
 * The workspace a command acts on, or null where there is none: a team workspace from its
 * creation until its deletion; a personal one (said by the command, from the read model) is
 * there without any event, with its user as owner.
 */
export function workspaceOf(state: WorkspaceState, address: WorkspaceAddress): Workspace | null {
  if (state.team) return state.deleted ? null : { ...state, id: address.workspaceId, personal: false };
  if (!address.personal) return null;
  return { ...state, id: address.workspaceId, personal: true, members: { ...state.members, [address.workspaceId]: 'owner' } };
}

/** An invite's token stream: which invite the token opens, and whether it was used. */
export interface InviteTokenState {
  inviteId: string | null;
  workspaceId: number | null;
  used: boolean;
}

export const noInviteToken: InviteTokenState = { inviteId: null, workspaceId: null, used: false };

export function evolveInviteToken(state: InviteTokenState, event: DomainEvent): InviteTokenState {
  switch (event.type) {
    case 'WorkspaceInviteTokenIssued':
      return { inviteId: event.data.invite_id, workspaceId: event.data.workspace_id, used: false };
    case 'WorkspaceInviteTokenUsed':
      return { ...state, used: true };
    default:
      return state;
  }
}

/** A slug's claim stream: taken or not. */
export const evolveSlugClaim = (taken: boolean, event: DomainEvent): boolean => taken || event.type === 'WorkspaceSlugClaimed';
