import { WORKSPACE_NOT_FOUND } from '@linkledger/contracts';
import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@linkledger/contracts';
import { deciderSpec } from '../testing/decider-spec.ts';
import {
  ALREADY_INVITED,
  ALREADY_MEMBER,
  INVITE_EXPIRED,
  INVITE_INVALID,
  INVITE_NOT_FOUND,
  INVITE_REVOKED,
  INVITE_USED,
  INVITE_WRONG_ADDRESS,
  LAST_OWNER,
  MEMBER_NOT_FOUND,
  NAME_CONTROL_CHARACTERS,
  NAME_REQUIRED,
  OWNERS_AND_ADMINS_ONLY,
  OWNERS_MANAGE_OWNERS,
  OWNERS_ONLY,
  PERSONAL_NOT_DELETABLE,
  PERSONAL_OWNER_FIXED,
  REMOVE_SELF,
  SLUG_INVALID,
  SLUG_TAKEN,
  SeatsFull,
  TRANSFER_TO_MEMBER,
  acceptInviteDecider,
  changeMemberRoleDecider,
  createWorkspaceDecider,
  declineInviteDecider,
  deleteWorkspaceDecider,
  inviteMemberDecider,
  leaveWorkspaceDecider,
  nameTooLong,
  removeMemberDecider,
  renameWorkspaceDecider,
  revokeInviteDecider,
  transferOwnershipDecider,
  type InviteMember,
} from './workspace-deciders.ts';
import { inviteTokenStream } from './workspace-state.ts';

const ASHA = 7;
const BEN = 8;
const CHITRA = 9;
const TEAM = 20;
const NOW = new Date('2026-03-01T10:00:00.000Z');
const LATER = (days: number) => new Date(NOW.getTime() + days * 24 * 3_600_000);
const INVITE = '6f1c2b0a-0000-4000-8000-000000000001';
const INVITE_2 = '6f1c2b0a-0000-4000-8000-000000000002';

const team = { workspaceId: TEAM, personal: false };
const ashasPersonal = { workspaceId: ASHA, personal: true };

const created: DomainEvent = { type: 'WorkspaceCreated', data: { workspace_id: TEAM, name: 'Growth', slug: 'growth', owner_id: ASHA } };
const sent = (
  role: 'admin' | 'member' | 'viewer' | 'billing' | 'owner' = 'member',
  inviteId = INVITE,
  email = 'Ben@Example.com',
  workspaceId = TEAM,
): DomainEvent => ({
  type: 'WorkspaceInviteSent',
  data: {
    invite_id: inviteId,
    workspace_id: workspaceId,
    role,
    email,
    email_masked: '****@Example.com',
    inviter_id: ASHA,
    expires_at: LATER(7).toISOString(),
  },
});
const joined = (userId: number, role: 'admin' | 'member' | 'viewer' | 'billing' | 'owner', inviteId = INVITE, workspaceId = TEAM): DomainEvent => ({
  type: 'WorkspaceInviteAccepted',
  data: { invite_id: inviteId, workspace_id: workspaceId, user_id: userId, role },
});
const tokenIssued = (workspaceId = TEAM): DomainEvent => ({ type: 'WorkspaceInviteTokenIssued', data: { invite_id: INVITE, workspace_id: workspaceId } });
const tokenUsed: DomainEvent = { type: 'WorkspaceInviteTokenUsed', data: { invite_id: INVITE, workspace_id: TEAM } };
const benIsAdmin = [created, sent('admin'), joined(BEN, 'admin')];
const seats = (limit: number) => ({ limit, source: { kind: 'plan', planName: 'Pro' } }) as const;

describe('creating a team workspace', () => {
  const create = deciderSpec(createWorkspaceDecider);
  it('given a free id and slug, when a user creates one, then it is theirs as owner and the slug (lower-cased) is claimed', () => {
    create
      .given({})
      .when({ workspaceId: TEAM, actorId: ASHA, name: '  <b>Growth</b> & co ', slug: ' Growth-Team ' })
      .then({
        workspace: [{ type: 'WorkspaceCreated', data: { workspace_id: TEAM, name: '<b>Growth</b> & co', slug: 'growth-team', owner_id: ASHA } }],
        slug: [{ type: 'WorkspaceSlugClaimed', data: { workspace_id: TEAM } }],
      });
  });
  it('refuses a taken slug, a bad slug, and a blank, multi-line or too long name', () => {
    const claimed: DomainEvent = { type: 'WorkspaceSlugClaimed', data: { workspace_id: 3 } };
    create
      .given({ slug: [claimed] })
      .when({ workspaceId: TEAM, actorId: ASHA, name: 'Growth', slug: 'growth' })
      .thenThrows(SLUG_TAKEN);
    for (const slug of ['ab', '-growth', 'growth-', 'grö', 'a'.repeat(49), 'two words'])
      create.given({}).when({ workspaceId: TEAM, actorId: ASHA, name: 'Growth', slug }).thenThrows(SLUG_INVALID);
    create.given({}).when({ workspaceId: TEAM, actorId: ASHA, name: '  ', slug: 'growth' }).thenThrows(NAME_REQUIRED);
    create.given({}).when({ workspaceId: TEAM, actorId: ASHA, name: 'Growth\nTeam', slug: 'growth' }).thenThrows(NAME_CONTROL_CHARACTERS);
    create.given({}).when({ workspaceId: TEAM, actorId: ASHA, name: 'G\u0000', slug: 'growth' }).thenThrows(NAME_CONTROL_CHARACTERS);
    create
      .given({})
      .when({ workspaceId: TEAM, actorId: ASHA, name: 'x'.repeat(65), slug: 'growth' })
      .thenThrows(nameTooLong(65));
    expect(create.given({}).when({ workspaceId: TEAM, actorId: ASHA, name: 'x'.repeat(64), slug: 'abc' }).events.workspace).toHaveLength(1);
  });
});

describe('renaming and deleting', () => {
  it('given a team workspace, when an owner or admin renames it, then the name is recorded; others cannot', () => {
    const rename = deciderSpec(renameWorkspaceDecider);
    rename
      .given(benIsAdmin)
      .when({ ...team, actorId: BEN, name: 'Sales' })
      .then([{ type: 'WorkspaceRenamed', data: { workspace_id: TEAM, name: 'Sales' } }]);
    rename
      .given([created])
      .when({ ...team, actorId: ASHA, name: ' Growth ' })
      .then([]);
    rename
      .given([created, sent('viewer'), joined(BEN, 'viewer')])
      .when({ ...team, actorId: BEN, name: 'Sales' })
      .thenThrows(OWNERS_AND_ADMINS_ONLY);
    rename
      .given([created])
      .when({ ...team, actorId: CHITRA, name: 'Sales' })
      .thenThrows(WORKSPACE_NOT_FOUND);
  });
  it('given a personal workspace with no events, when its user renames it, then it is renamed; told it is not personal, it does not exist', () => {
    const rename = deciderSpec(renameWorkspaceDecider);
    rename
      .given([])
      .when({ ...ashasPersonal, actorId: ASHA, name: 'Asha & co' })
      .then([{ type: 'WorkspaceRenamed', data: { workspace_id: ASHA, name: 'Asha & co' } }]);
    rename.given([]).when({ workspaceId: ASHA, personal: false, actorId: ASHA, name: 'X' }).thenThrows(WORKSPACE_NOT_FOUND);
    rename
      .given([])
      .when({ ...ashasPersonal, actorId: BEN, name: 'X' })
      .thenThrows(WORKSPACE_NOT_FOUND);
  });
  it('given a team workspace, only an owner deletes it, and a deleted one is gone; a personal one is never deleted', () => {
    const remove = deciderSpec(deleteWorkspaceDecider);
    const deleted: DomainEvent = { type: 'WorkspaceDeleted', data: { workspace_id: TEAM } };
    remove
      .given([created])
      .when({ ...team, actorId: ASHA })
      .then([deleted]);
    remove
      .given(benIsAdmin)
      .when({ ...team, actorId: BEN })
      .thenThrows(OWNERS_ONLY);
    remove
      .given([created, deleted])
      .when({ ...team, actorId: ASHA })
      .thenThrows(WORKSPACE_NOT_FOUND);
    remove
      .given([])
      .when({ ...ashasPersonal, actorId: ASHA })
      .thenThrows(PERSONAL_NOT_DELETABLE);
  });
});

describe('inviting', () => {
  const invite = deciderSpec(inviteMemberDecider);
  const asks = (over: Partial<InviteMember> = {}): InviteMember => ({
    ...team,
    actorId: ASHA,
    inviteId: INVITE,
    email: ' Ben@Example.com ',
    role: 'member',
    now: NOW,
    seats: seats(5),
    ...over,
  });
  it('given a free seat, when an owner invites an address, then the invite is pending 7 days, the address trimmed and masked', () => {
    invite.given([created]).when(asks()).then([sent()]);
  });
  it('invites into a personal workspace too, by its user', () => {
    invite
      .given([])
      .when(asks({ ...ashasPersonal }))
      .then([sent('member', INVITE, 'Ben@Example.com', ASHA)]);
  });
  it('refuses members, viewers and billing, and admins inviting an owner', () => {
    for (const role of ['member', 'viewer', 'billing'] as const)
      invite
        .given([created, sent(role), joined(BEN, role)])
        .when(asks({ actorId: BEN, inviteId: INVITE_2, email: 'c@example.com' }))
        .thenThrows(OWNERS_AND_ADMINS_ONLY);
    invite
      .given(benIsAdmin)
      .when(asks({ actorId: BEN, inviteId: INVITE_2, email: 'c@example.com', role: 'owner' }))
      .thenThrows(OWNERS_MANAGE_OWNERS);
    expect(invite.given([created]).when(asks({ role: 'owner' })).events).toHaveLength(1);
  });
  it('given a pending invite to the address (in any case), when it is invited again, then it is refused; once expired it may be', () => {
    invite
      .given([created, sent()])
      .when(asks({ inviteId: INVITE_2, email: 'ben@example.COM' }))
      .thenThrows(ALREADY_INVITED);
    expect(invite.given([created, sent()]).when(asks({ inviteId: INVITE_2, now: LATER(8) })).events).toHaveLength(1);
  });
  it('given every seat taken by members and pending invites, when one more is invited, then the seat limit refuses it', () => {
    // Asha and Ben are members; one invite is pending: 3 of 3 seats.
    const history = [...benIsAdmin, sent('member', INVITE_2, 'c@example.com')];
    invite
      .given(history)
      .when(asks({ inviteId: 'a0000000-0000-4000-8000-000000000003', email: 'd@example.com', seats: seats(3) }))
      .thenThrows(SeatsFull);
    invite
      .given([])
      .when(asks({ ...ashasPersonal, seats: seats(1) }))
      .thenThrows('fill the 1 seat your Pro plan allows');
    const custom = { limit: 1, source: { kind: 'workspace' } } as const;
    invite
      .given([])
      .when(asks({ ...ashasPersonal, seats: custom }))
      .thenThrows('a limit set for the workspace');
    // An expired or revoked invite holds no seat; -1 is unlimited.
    expect(
      invite.given(history).when(asks({ inviteId: 'a0000000-0000-4000-8000-000000000003', email: 'd@example.com', seats: seats(3), now: LATER(8) })).events,
    ).toHaveLength(1);
    const revoked: DomainEvent = { type: 'WorkspaceInviteRevoked', data: { invite_id: INVITE_2, workspace_id: TEAM } };
    expect(
      invite.given([...history, revoked]).when(asks({ inviteId: 'a0000000-0000-4000-8000-000000000003', email: 'd@example.com', seats: seats(3) })).events,
    ).toHaveLength(1);
    expect(
      invite.given(history).when(asks({ inviteId: 'a0000000-0000-4000-8000-000000000003', email: 'd@example.com', seats: seats(-1) })).events,
    ).toHaveLength(1);
  });
});

describe('revoking an invite', () => {
  const revoke = deciderSpec(revokeInviteDecider);
  it('given a pending invite, when an owner or admin revokes it, then it is revoked; an owner’s invite only by an owner', () => {
    const revoked: DomainEvent = { type: 'WorkspaceInviteRevoked', data: { invite_id: INVITE_2, workspace_id: TEAM } };
    revoke
      .given([...benIsAdmin, sent('viewer', INVITE_2, 'c@example.com')])
      .when({ ...team, actorId: BEN, inviteId: INVITE_2, now: NOW })
      .then([revoked]);
    revoke
      .given([...benIsAdmin, sent('owner', INVITE_2, 'c@example.com')])
      .when({ ...team, actorId: BEN, inviteId: INVITE_2, now: NOW })
      .thenThrows(OWNERS_MANAGE_OWNERS);
    revoke
      .given([...benIsAdmin, sent('viewer', INVITE_2, 'c@example.com'), revoked])
      .when({ ...team, actorId: ASHA, inviteId: INVITE_2, now: NOW })
      .thenThrows(INVITE_NOT_FOUND);
    revoke
      .given(benIsAdmin)
      .when({ ...team, actorId: ASHA, inviteId: INVITE, now: NOW })
      .thenThrows(INVITE_NOT_FOUND);
  });
});

describe('answering an invite', () => {
  const accept = deciderSpec(acceptInviteDecider);
  const decline = deciderSpec(declineInviteDecider);
  const ben = { tokenStream: inviteTokenStream('t'), workspace: team, userId: BEN, verifiedEmail: 'ben@example.com', now: NOW };
  const open = { token: [tokenIssued()], workspace: [created, sent('viewer')] };
  it('given a pending invite, when the invited account (its address in any case) accepts, then it is a member with the role and the token is used', () => {
    accept
      .given(open)
      .when(ben)
      .then({
        token: [tokenUsed],
        workspace: [joined(BEN, 'viewer')],
      });
  });
  it('given an invite into a personal workspace, when accepted, then the invitee joins it', () => {
    accept
      .given({ token: [tokenIssued(ASHA)], workspace: [sent('member', INVITE, 'ben@example.com', ASHA)] })
      .when({ ...ben, workspace: ashasPersonal })
      .then({
        token: [{ type: 'WorkspaceInviteTokenUsed', data: { invite_id: INVITE, workspace_id: ASHA } }],
        workspace: [joined(BEN, 'member', INVITE, ASHA)],
      });
  });
  it('given a pending invite, when the invited account declines, then it is declined and the token is used', () => {
    decline
      .given(open)
      .when(ben)
      .then({
        token: [tokenUsed],
        workspace: [{ type: 'WorkspaceInviteDeclined', data: { invite_id: INVITE, workspace_id: TEAM, user_id: BEN } }],
      });
  });
  it('refuses an unknown token, a used, revoked or expired invite, another address, an unverified one, and a member', () => {
    for (const answer of [accept, decline]) {
      answer
        .given({ workspace: [created, sent()] })
        .when(ben)
        .thenThrows(INVITE_INVALID);
      answer
        .given({ token: [tokenIssued(), tokenUsed], workspace: [created, sent()] })
        .when(ben)
        .thenThrows(INVITE_USED);
      answer
        .given({ token: [tokenIssued()], workspace: [created, sent(), joined(BEN, 'member')] })
        .when(ben)
        .thenThrows(INVITE_USED);
      const revoked: DomainEvent = { type: 'WorkspaceInviteRevoked', data: { invite_id: INVITE, workspace_id: TEAM } };
      answer
        .given({ token: [tokenIssued()], workspace: [created, sent(), revoked] })
        .when(ben)
        .thenThrows(INVITE_REVOKED);
      answer
        .given(open)
        .when({ ...ben, now: LATER(7) })
        .thenThrows(INVITE_EXPIRED);
      answer
        .given(open)
        .when({ ...ben, userId: CHITRA, verifiedEmail: 'chitra@example.com' })
        .thenThrows(INVITE_WRONG_ADDRESS);
      answer
        .given(open)
        .when({ ...ben, verifiedEmail: null })
        .thenThrows(INVITE_WRONG_ADDRESS);
      answer
        .given({ token: [tokenIssued()], workspace: [created, sent(), { type: 'WorkspaceDeleted', data: { workspace_id: TEAM } }] })
        .when(ben)
        .thenThrows(INVITE_INVALID);
    }
    const benAlreadyIn = { token: [tokenIssued()], workspace: [created, sent('viewer', INVITE_2, 'x@example.com'), joined(BEN, 'viewer', INVITE_2), sent()] };
    accept.given(benAlreadyIn).when(ben).thenThrows(ALREADY_MEMBER);
  });
});

describe('changing roles and removing members', () => {
  const change = deciderSpec(changeMemberRoleDecider);
  const remove = deciderSpec(removeMemberDecider);
  const withChitra = (role: 'owner' | 'member') => [...benIsAdmin, sent(role, INVITE_2, 'c@example.com'), joined(CHITRA, role, INVITE_2)];
  it('given a member, when an admin changes their role, then it is recorded with the previous one', () => {
    change
      .given(withChitra('member'))
      .when({ ...team, actorId: BEN, userId: CHITRA, role: 'viewer' })
      .then([{ type: 'WorkspaceMemberRoleChanged', data: { workspace_id: TEAM, user_id: CHITRA, role: 'viewer', previous: 'member' } }]);
    change
      .given(withChitra('member'))
      .when({ ...team, actorId: BEN, userId: CHITRA, role: 'member' })
      .then([]);
  });
  it('an admin touches no owner and grants no ownership; only managers change roles', () => {
    change
      .given(benIsAdmin)
      .when({ ...team, actorId: BEN, userId: ASHA, role: 'member' })
      .thenThrows(OWNERS_MANAGE_OWNERS);
    change
      .given(withChitra('member'))
      .when({ ...team, actorId: BEN, userId: CHITRA, role: 'owner' })
      .thenThrows(OWNERS_MANAGE_OWNERS);
    remove
      .given(benIsAdmin)
      .when({ ...team, actorId: BEN, userId: ASHA })
      .thenThrows(OWNERS_MANAGE_OWNERS);
    change
      .given(withChitra('member'))
      .when({ ...team, actorId: CHITRA, userId: BEN, role: 'viewer' })
      .thenThrows(OWNERS_AND_ADMINS_ONLY);
    change
      .given(benIsAdmin)
      .when({ ...team, actorId: ASHA, userId: CHITRA, role: 'viewer' })
      .thenThrows(MEMBER_NOT_FOUND);
  });
  it('an owner makes another an owner; the last owner keeps the role; with two, one may step down', () => {
    change
      .given(withChitra('member'))
      .when({ ...team, actorId: ASHA, userId: CHITRA, role: 'owner' })
      .then([{ type: 'WorkspaceMemberRoleChanged', data: { workspace_id: TEAM, user_id: CHITRA, role: 'owner', previous: 'member' } }]);
    change
      .given([created])
      .when({ ...team, actorId: ASHA, userId: ASHA, role: 'admin' })
      .thenThrows(LAST_OWNER);
    expect(change.given(withChitra('owner')).when({ ...team, actorId: ASHA, userId: ASHA, role: 'admin' }).events).toHaveLength(1);
  });
  it('a personal workspace’s user stays its owner', () => {
    const personal = [sent('owner', INVITE, 'ben@example.com', ASHA), joined(BEN, 'owner', INVITE, ASHA)];
    change
      .given(personal)
      .when({ ...ashasPersonal, actorId: BEN, userId: ASHA, role: 'member' })
      .thenThrows(PERSONAL_OWNER_FIXED);
    remove
      .given(personal)
      .when({ ...ashasPersonal, actorId: BEN, userId: ASHA })
      .thenThrows(PERSONAL_OWNER_FIXED);
  });
  it('given a member, when an owner or admin removes them, then they are out; removing oneself is leaving', () => {
    remove
      .given(withChitra('member'))
      .when({ ...team, actorId: BEN, userId: CHITRA })
      .then([{ type: 'WorkspaceMemberRemoved', data: { workspace_id: TEAM, user_id: CHITRA, reason: 'removed' } }]);
    remove
      .given(withChitra('member'))
      .when({ ...team, actorId: BEN, userId: BEN })
      .thenThrows(REMOVE_SELF);
    remove
      .given(withChitra('owner'))
      .when({ ...team, actorId: ASHA, userId: CHITRA })
      .then([{ type: 'WorkspaceMemberRemoved', data: { workspace_id: TEAM, user_id: CHITRA, reason: 'removed' } }]);
  });
});

describe('leaving and transferring', () => {
  const leave = deciderSpec(leaveWorkspaceDecider);
  const transfer = deciderSpec(transferOwnershipDecider);
  it('given a member, when they leave, then they are out; the last owner and a personal workspace’s user cannot leave', () => {
    leave
      .given(benIsAdmin)
      .when({ ...team, actorId: BEN })
      .then([{ type: 'WorkspaceMemberRemoved', data: { workspace_id: TEAM, user_id: BEN, reason: 'left' } }]);
    leave
      .given(benIsAdmin)
      .when({ ...team, actorId: ASHA })
      .thenThrows(LAST_OWNER);
    leave
      .given([])
      .when({ ...ashasPersonal, actorId: ASHA })
      .thenThrows(PERSONAL_OWNER_FIXED);
    leave
      .given(benIsAdmin)
      .when({ ...team, actorId: CHITRA })
      .thenThrows(WORKSPACE_NOT_FOUND);
  });
  it('given a team workspace, when its owner transfers it to a member, then they own it and the giver is an admin, who may then leave', () => {
    const transferred: DomainEvent = { type: 'WorkspaceOwnershipTransferred', data: { workspace_id: TEAM, from_user_id: ASHA, to_user_id: BEN } };
    transfer
      .given(benIsAdmin)
      .when({ ...team, actorId: ASHA, toUserId: BEN })
      .then([transferred]);
    leave
      .given([...benIsAdmin, transferred])
      .when({ ...team, actorId: ASHA })
      .then([{ type: 'WorkspaceMemberRemoved', data: { workspace_id: TEAM, user_id: ASHA, reason: 'left' } }]);
    leave
      .given([...benIsAdmin, transferred])
      .when({ ...team, actorId: BEN })
      .thenThrows(LAST_OWNER);
  });
  it('refuses a transfer by a non-owner, to a non-member or oneself, and of a personal workspace', () => {
    transfer
      .given(benIsAdmin)
      .when({ ...team, actorId: BEN, toUserId: ASHA })
      .thenThrows(OWNERS_ONLY);
    transfer
      .given(benIsAdmin)
      .when({ ...team, actorId: ASHA, toUserId: CHITRA })
      .thenThrows(TRANSFER_TO_MEMBER);
    transfer
      .given(benIsAdmin)
      .when({ ...team, actorId: ASHA, toUserId: ASHA })
      .thenThrows(TRANSFER_TO_MEMBER);
    transfer
      .given([sent('member', INVITE, 'ben@example.com', ASHA), joined(BEN, 'member', INVITE, ASHA)])
      .when({ ...ashasPersonal, actorId: ASHA, toUserId: BEN })
      .thenThrows(PERSONAL_OWNER_FIXED);
  });
});
