import { WORKSPACE_NOT_FOUND, formatLimit, limitReached, type DomainEvent, type WorkspaceRole } from '@linkledger/contracts';
import type { Decider, MultiStreamDecider } from '../commands/command-handler.ts';
import { conflict, DomainError, forbidden, invalid, notFound } from '../commands/domain-error.ts';
import { maskAddress } from '../formats/masked-address.ts';
import {
  evolveInviteToken,
  evolveSlugClaim,
  evolveWorkspace,
  noInviteToken,
  noWorkspace,
  workspaceOf,
  workspaceSlugStream,
  workspaceStream,
  type InviteTokenState,
  type Workspace,
  type WorkspaceAddress,
  type WorkspaceInvite,
  type WorkspaceState,
} from './workspace-state.ts';

export const NAME_REQUIRED = 'Please enter a name for the workspace.';
export const NAME_CONTROL_CHARACTERS = 'A workspace name is one line of text: it cannot hold line breaks, tabs or other control characters.';
const WORKSPACE_NAME_MAX = 64;
export const nameTooLong = (length: number) => `The name is ${length} characters long. Please keep it to ${WORKSPACE_NAME_MAX} characters or fewer.`;
export const SLUG_INVALID = 'A slug is 3 to 48 lower-case letters, digits and hyphens, and starts and ends with a letter or a digit.';
export const SLUG_TAKEN = 'This slug is already taken by another workspace. Please choose another.';
const WORKSPACE_ID_TAKEN = 'This workspace number is already taken. Please send the request again.';
export const OWNERS_AND_ADMINS_ONLY = 'Only an owner or an admin of this workspace can do this.';
export const OWNERS_ONLY = 'Only an owner of this workspace can do this.';
export const OWNERS_MANAGE_OWNERS = 'Only an owner can invite, promote, change or remove an owner.';
export const LAST_OWNER = 'A workspace always has an owner: make another member an owner, or transfer ownership, first.';
export const PERSONAL_OWNER_FIXED = 'This is its owner’s personal workspace: its owner stays its owner, and cannot leave it, be removed or hand it over.';
export const PERSONAL_NOT_DELETABLE = 'A personal workspace cannot be deleted: it goes when its account is deleted.';
export const MEMBER_NOT_FOUND = 'There is no such member in this workspace.';
export const ALREADY_INVITED = 'This address already has a pending invite to this workspace. Revoke it first to send a new one.';
export const INVITE_NOT_FOUND = 'There is no such pending invite in this workspace.';
export const INVITE_INVALID = 'This invite link is not valid. Ask the workspace’s owner or an admin for a new invite.';
export const INVITE_USED = 'This invite link was already used. Ask the workspace’s owner or an admin for a new invite if you need one.';
export const INVITE_REVOKED = 'This invite was withdrawn by the workspace. Ask its owner or an admin for a new invite if you need one.';
export const INVITE_EXPIRED = 'This invite has expired (invites last 7 days). Ask the workspace’s owner or an admin for a new one.';
export const INVITE_WRONG_ADDRESS =
  'This invite was sent to another e-mail address. Sign in with the account of the invited address (verified), or ask for an invite to yours.';
export const ALREADY_MEMBER = 'You are already a member of this workspace.';
export const TRANSFER_TO_MEMBER = 'Ownership can only be handed to another member of this workspace.';
export const REMOVE_SELF = 'To remove yourself, leave the workspace.';

/** How long an invite's link works (docs/workspaces.md#invites). */
const INVITE_LIFETIME_MS = 7 * 24 * 3_600_000;

/** Whose seat limit it is: the plan's, or one an admin set for the workspace. */
export type SeatLimitSource = { kind: 'plan'; planName: string } | { kind: 'workspace' };

/** The members and pending invites fill every seat the workspace has. */
export class SeatsFull extends DomainError {
  constructor(source: SeatLimitSource, limit: number) {
    const seats = limit === 1 ? 'the 1 seat' : `all ${formatLimit(limit)} seats`;
    super(
      'forbidden',
      source.kind === 'plan'
        ? `Members and pending invites fill ${seats} your ${source.planName} plan allows. Upgrade your plan on the pricing page, or revoke an invite or remove a member first.`
        : `Members and pending invites fill ${seats} this workspace allows (a limit set for the workspace, not by its plan). Revoke an invite or remove a member first, or ask support to change the limit.`,
    );
  }
}

/** A name as stored: trimmed, one line of 1 to 64 characters; anything else a person types (HTML included) is kept as typed. */
export function workspaceName(raw: string): string {
  const name = raw.trim();
  if (!name) throw invalid(NAME_REQUIRED, 'name');
  if (/\p{Cc}/u.test(name)) throw invalid(NAME_CONTROL_CHARACTERS, 'name');
  if (name.length > WORKSPACE_NAME_MAX) throw invalid(nameTooLong(name.length), 'name');
  return name;
}

/** A slug as stored: trimmed, lower-cased, 3 to 48 of a–z, 0–9 and inner hyphens. */
export function workspaceSlug(raw: string): string {
  const slug = raw.trim().toLowerCase();
  if (!/^[a-z0-9][a-z0-9-]{1,46}[a-z0-9]$/.test(slug)) throw invalid(SLUG_INVALID, 'slug');
  return slug;
}

/** An address compared as accounts compare theirs: trimmed, case ignored. */
const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

const pending = (invite: WorkspaceInvite, now: Date) => invite.status === 'pending' && now.getTime() < Date.parse(invite.expiresAt);

/** Members plus the invites that still hold a seat (pending, not expired). */
const seatsUsed = (workspace: WorkspaceState, now: Date) =>
  Object.keys(workspace.members).length + Object.values(workspace.invites).filter((invite) => pending(invite, now)).length;

const ownerCount = (workspace: Workspace) => Object.values(workspace.members).filter((role) => role === 'owner').length;

/** Who acts: a member of the workspace, or refused as if it did not exist. */
interface Acting extends WorkspaceAddress {
  actorId: number;
}

/** The workspace and the actor's role in it; a workspace the actor is not a member of is not found. */
function asMember(state: WorkspaceState, command: Acting): { workspace: Workspace; role: WorkspaceRole } {
  const workspace = workspaceOf(state, command);
  const role = workspace?.members[command.actorId];
  if (!workspace || !role) throw notFound(WORKSPACE_NOT_FOUND);
  return { workspace, role };
}

function asManager(state: WorkspaceState, command: Acting) {
  const acting = asMember(state, command);
  if (acting.role !== 'owner' && acting.role !== 'admin') throw forbidden(OWNERS_AND_ADMINS_ONLY);
  return acting;
}

function asOwner(state: WorkspaceState, command: Acting) {
  const acting = asMember(state, command);
  if (acting.role !== 'owner') throw forbidden(OWNERS_ONLY);
  return acting;
}

const onWorkspace = <C extends WorkspaceAddress>(decide: (command: C, state: WorkspaceState) => DomainEvent[]): Decider<C, WorkspaceState> => ({
  streamOf: (command) => workspaceStream(command.workspaceId),
  initialState: noWorkspace,
  evolve: evolveWorkspace,
  decide,
});

interface CreateWorkspace {
  workspaceId: number;
  actorId: number;
  name: string;
  slug: string;
}

/** Given a fresh id and a free slug, when a user creates a team workspace, then it exists with them as its owner and the slug is theirs. */
export const createWorkspaceDecider: MultiStreamDecider<CreateWorkspace, { workspace: WorkspaceState; slug: boolean }> = {
  streamsOf: (command) => ({
    workspace: { stream: workspaceStream(command.workspaceId), initialState: noWorkspace, evolve: evolveWorkspace },
    slug: { stream: workspaceSlugStream(workspaceSlug(command.slug)), initialState: false, evolve: evolveSlugClaim },
  }),
  decide: (command, states) => {
    const name = workspaceName(command.name);
    const slug = workspaceSlug(command.slug);
    if (states.workspace.team) throw conflict(WORKSPACE_ID_TAKEN);
    if (states.slug) throw conflict(SLUG_TAKEN);
    const workspace_id = command.workspaceId;
    return {
      workspace: [{ type: 'WorkspaceCreated', data: { workspace_id, name, slug, owner_id: command.actorId } }],
      slug: [{ type: 'WorkspaceSlugClaimed', data: { workspace_id } }],
    };
  },
};

/** Given a workspace, when an owner or admin renames it, then the new name is recorded (the same name records nothing). */
export const renameWorkspaceDecider = onWorkspace<Acting & { name: string }>((command, state) => {
  const { workspace } = asManager(state, command);
  const name = workspaceName(command.name);
  return workspace.name === name ? [] : [{ type: 'WorkspaceRenamed', data: { workspace_id: workspace.id, name } }];
});

/** Given a team workspace, when an owner deletes it, then it is gone; a personal one cannot be. */
export const deleteWorkspaceDecider = onWorkspace<Acting>((command, state) => {
  const { workspace } = asOwner(state, command);
  if (workspace.personal) throw conflict(PERSONAL_NOT_DELETABLE);
  return [{ type: 'WorkspaceDeleted', data: { workspace_id: workspace.id } }];
});

export interface InviteMember extends Acting {
  inviteId: string;
  email: string;
  role: WorkspaceRole;
  now: Date;
  /** The workspace's seat limit now (-1 unlimited) and whose it is, read before the command. */
  seats: { limit: number; source: SeatLimitSource };
}

/**
 * Given a workspace with a free seat, when an owner or admin invites an address with a role,
 * then the invite is pending for 7 days (the address sealed, a masked copy for lists). Only an
 * owner invites an owner; an address with a pending invite is not invited twice.
 */
export const inviteMemberDecider = onWorkspace<InviteMember>((command, state) => {
  const { workspace, role } = asManager(state, command);
  if (command.role === 'owner' && role !== 'owner') throw forbidden(OWNERS_MANAGE_OWNERS);
  const invites = Object.values(workspace.invites);
  if (invites.some((invite) => pending(invite, command.now) && sameAddress(invite.email, command.email))) throw conflict(ALREADY_INVITED);
  if (limitReached(seatsUsed(workspace, command.now), command.seats.limit)) throw new SeatsFull(command.seats.source, command.seats.limit);
  const email = command.email.trim();
  return [
    {
      type: 'WorkspaceInviteSent',
      data: {
        invite_id: command.inviteId,
        workspace_id: workspace.id,
        role: command.role,
        email,
        email_masked: maskAddress(email),
        inviter_id: command.actorId,
        expires_at: new Date(command.now.getTime() + INVITE_LIFETIME_MS).toISOString(),
      },
    },
  ];
});

/** Given a pending invite, when an owner or admin revokes it, then its link stops working; an owner's invite only an owner revokes. */
export const revokeInviteDecider = onWorkspace<Acting & { inviteId: string; now: Date }>((command, state) => {
  const { workspace, role } = asManager(state, command);
  const invite = workspace.invites[command.inviteId];
  if (!invite || !pending(invite, command.now)) throw notFound(INVITE_NOT_FOUND);
  if (invite.role === 'owner' && role !== 'owner') throw forbidden(OWNERS_MANAGE_OWNERS);
  return [{ type: 'WorkspaceInviteRevoked', data: { invite_id: invite.id, workspace_id: workspace.id } }];
});

/** Who answers an invite: the signed-in account and its verified address (null when it has none verified). */
interface AnswerInvite {
  tokenStream: string;
  workspace: WorkspaceAddress;
  userId: number;
  verifiedEmail: string | null;
  now: Date;
}

type InviteStreams = { token: InviteTokenState; workspace: WorkspaceState };

/** The pending invite a token opens, for the account whose verified address it was sent to; else why not. */
function openInvite(command: AnswerInvite, states: InviteStreams): { workspace: Workspace; invite: WorkspaceInvite } {
  const { token } = states;
  const workspace = workspaceOf(states.workspace, command.workspace);
  const invite = token.inviteId === null ? undefined : workspace?.invites[token.inviteId];
  if (!workspace || !invite || token.workspaceId !== workspace.id) throw notFound(INVITE_INVALID);
  if (token.used || invite.status === 'accepted' || invite.status === 'declined') throw conflict(INVITE_USED);
  if (invite.status === 'revoked') throw conflict(INVITE_REVOKED);
  if (command.now.getTime() >= Date.parse(invite.expiresAt)) throw conflict(INVITE_EXPIRED);
  if (command.verifiedEmail === null || !sameAddress(command.verifiedEmail, invite.email)) throw forbidden(INVITE_WRONG_ADDRESS);
  return { workspace, invite };
}

const onInvite = (
  decide: (command: AnswerInvite, states: InviteStreams) => { token: DomainEvent[]; workspace: DomainEvent[] },
): MultiStreamDecider<AnswerInvite, InviteStreams> => ({
  streamsOf: (command) => ({
    token: { stream: command.tokenStream, initialState: noInviteToken, evolve: evolveInviteToken },
    workspace: { stream: workspaceStream(command.workspace.workspaceId), initialState: noWorkspace, evolve: evolveWorkspace },
  }),
  decide,
});

/**
 * Given a pending invite, when the invited person (signed in, the invited address verified)
 * accepts, then they are a member with the invite's role and the token is used up.
 */
export const acceptInviteDecider = onInvite((command, states) => {
  const { workspace, invite } = openInvite(command, states);
  if (workspace.members[command.userId]) throw conflict(ALREADY_MEMBER);
  const ids = { invite_id: invite.id, workspace_id: workspace.id };
  return {
    token: [{ type: 'WorkspaceInviteTokenUsed', data: ids }],
    workspace: [{ type: 'WorkspaceInviteAccepted', data: { ...ids, user_id: command.userId, role: invite.role } }],
  };
});

/** Given a pending invite, when the invited person declines, then it ends and its seat is free. */
export const declineInviteDecider = onInvite((command, states) => {
  const { workspace, invite } = openInvite(command, states);
  const ids = { invite_id: invite.id, workspace_id: workspace.id };
  return {
    token: [{ type: 'WorkspaceInviteTokenUsed', data: ids }],
    workspace: [{ type: 'WorkspaceInviteDeclined', data: { ...ids, user_id: command.userId } }],
  };
});

/** The member a manager acts on, with the rules every change of another member keeps. */
function managedMember(state: WorkspaceState, command: Acting & { userId: number }) {
  const { workspace, role } = asManager(state, command);
  const current = workspace.members[command.userId];
  if (!current) throw notFound(MEMBER_NOT_FOUND);
  if (workspace.personal && command.userId === workspace.id) throw conflict(PERSONAL_OWNER_FIXED);
  if (current === 'owner' && role !== 'owner') throw forbidden(OWNERS_MANAGE_OWNERS);
  return { workspace, role, current };
}

/**
 * Given a member, when an owner or admin gives them another role, then it is recorded. Only
 * an owner touches an owner or grants `owner`; the last owner keeps the role.
 */
export const changeMemberRoleDecider = onWorkspace<Acting & { userId: number; role: WorkspaceRole }>((command, state) => {
  const { workspace, role, current } = managedMember(state, command);
  if (command.role === 'owner' && role !== 'owner') throw forbidden(OWNERS_MANAGE_OWNERS);
  if (current === command.role) return [];
  if (current === 'owner' && ownerCount(workspace) === 1) throw conflict(LAST_OWNER);
  return [{ type: 'WorkspaceMemberRoleChanged', data: { workspace_id: workspace.id, user_id: command.userId, role: command.role, previous: current } }];
});

/** Given a member, when an owner or admin removes them, then they are out; only an owner removes an owner; one leaves oneself. */
export const removeMemberDecider = onWorkspace<Acting & { userId: number }>((command, state) => {
  if (command.userId === command.actorId) throw invalid(REMOVE_SELF);
  const { workspace } = managedMember(state, command);
  return [{ type: 'WorkspaceMemberRemoved', data: { workspace_id: workspace.id, user_id: command.userId, reason: 'removed' } }];
});

/** Given a member, when they leave, then they are out, unless they are its last owner or the user of a personal workspace. */
export const leaveWorkspaceDecider = onWorkspace<Acting>((command, state) => {
  const { workspace, role } = asMember(state, command);
  if (workspace.personal && command.actorId === workspace.id) throw conflict(PERSONAL_OWNER_FIXED);
  if (role === 'owner' && ownerCount(workspace) === 1) throw conflict(LAST_OWNER);
  return [{ type: 'WorkspaceMemberRemoved', data: { workspace_id: workspace.id, user_id: command.actorId, reason: 'left' } }];
});

/** Given a team workspace, when an owner hands it to another member, then that member is an owner and the giver an admin. */
export const transferOwnershipDecider = onWorkspace<Acting & { toUserId: number }>((command, state) => {
  const { workspace } = asOwner(state, command);
  if (workspace.personal) throw conflict(PERSONAL_OWNER_FIXED);
  if (command.toUserId === command.actorId || !workspace.members[command.toUserId]) throw invalid(TRANSFER_TO_MEMBER);
  return [{ type: 'WorkspaceOwnershipTransferred', data: { workspace_id: workspace.id, from_user_id: command.actorId, to_user_id: command.toUserId } }];
});
