import { z } from 'zod';

const id = z.number().int().positive();
const isoTime = z.string();

/**
 * What a member may do in a workspace (docs/workspaces.md#roles): `owner` everything, `admin`
 * members (owners aside) and settings, `member` links and their own keys, `viewer` reading,
 * `billing` payments and receipts.
 */
export const WorkspaceRole = z.enum(['owner', 'admin', 'member', 'viewer', 'billing']);
export type WorkspaceRole = z.infer<typeof WorkspaceRole>;

/**
 * A team workspace was created (stream `workspace-{workspace_id}`; the id comes from the
 * users' sequence, so it never names another user's personal workspace). Its creator is its
 * first owner. A personal workspace has no such event: it exists from its user's registration.
 */
const WorkspaceCreatedV1 = z.object({ workspace_id: id, name: z.string(), slug: z.string(), owner_id: id });

/** A workspace slug is taken (stream `workspace-slug-{sha256 of the slug}`, a claim: appended only where none exists). */
const WorkspaceSlugClaimedV1 = z.object({ workspace_id: id });

/** An owner or admin renamed the workspace (stream `workspace-{workspace_id}`). */
const WorkspaceRenamedV1 = z.object({ workspace_id: id, name: z.string() });

/** An owner deleted a team workspace (stream `workspace-{workspace_id}`): it and its memberships are gone; its slug stays taken. */
const WorkspaceDeletedV1 = z.object({ workspace_id: id });

/**
 * An owner or admin invited an address with a role (stream `workspace-{workspace_id}`).
 * `email` is personal data, sealed under the inviter's data key (personal-data.ts);
 * `email_masked` is what lists show. The token mailed is never stored: its SHA-256 names the
 * invite's token stream. Expired once `expires_at` (7 days after sending) has passed.
 */
const WorkspaceInviteSentV1 = z.object({
  invite_id: z.string().uuid(),
  workspace_id: id,
  role: WorkspaceRole,
  email: z.string(),
  email_masked: z.string(),
  inviter_id: id,
  expires_at: isoTime,
});

/**
 * The invite's token (stream `workspace-invite-{sha256 of the token}`, created in the append
 * that sends the invite): where the token leads. Written once; its stream is how the token is
 * looked up without the token being kept.
 */
const WorkspaceInviteTokenIssuedV1 = z.object({ invite_id: z.string().uuid(), workspace_id: id });

/** The token was used, to accept or to decline (same stream): it answers nothing again. */
const WorkspaceInviteTokenUsedV1 = z.object({ invite_id: z.string().uuid(), workspace_id: id });

/** The invited person accepted (stream `workspace-{workspace_id}`): `user_id` is a member with the invite's role. */
const WorkspaceInviteAcceptedV1 = z.object({ invite_id: z.string().uuid(), workspace_id: id, user_id: id, role: WorkspaceRole });

/** The invited person declined: the invite and its seat are freed. */
const WorkspaceInviteDeclinedV1 = z.object({ invite_id: z.string().uuid(), workspace_id: id, user_id: id });

/** An owner or admin withdrew a pending invite: its link answers nothing, its seat is freed. */
const WorkspaceInviteRevokedV1 = z.object({ invite_id: z.string().uuid(), workspace_id: id });

/** A member's role changed (by an owner, or an admin for a non-owner); `previous` is the role it replaced. */
const WorkspaceMemberRoleChangedV1 = z.object({ workspace_id: id, user_id: id, role: WorkspaceRole, previous: WorkspaceRole });

/** A member is no longer in the workspace: removed by an owner or admin, or left by themselves. */
const WorkspaceMemberRemovedV1 = z.object({ workspace_id: id, user_id: id, reason: z.enum(['removed', 'left']) });

/** An owner handed ownership to another member: `to_user_id` becomes an owner, `from_user_id` an admin. */
const WorkspaceOwnershipTransferredV1 = z.object({ workspace_id: id, from_user_id: id, to_user_id: id });

export const workspaceEvents = {
  WorkspaceCreated: { 1: WorkspaceCreatedV1 },
  WorkspaceSlugClaimed: { 1: WorkspaceSlugClaimedV1 },
  WorkspaceRenamed: { 1: WorkspaceRenamedV1 },
  WorkspaceDeleted: { 1: WorkspaceDeletedV1 },
  WorkspaceInviteSent: { 1: WorkspaceInviteSentV1 },
  WorkspaceInviteTokenIssued: { 1: WorkspaceInviteTokenIssuedV1 },
  WorkspaceInviteTokenUsed: { 1: WorkspaceInviteTokenUsedV1 },
  WorkspaceInviteAccepted: { 1: WorkspaceInviteAcceptedV1 },
  WorkspaceInviteDeclined: { 1: WorkspaceInviteDeclinedV1 },
  WorkspaceInviteRevoked: { 1: WorkspaceInviteRevokedV1 },
  WorkspaceMemberRoleChanged: { 1: WorkspaceMemberRoleChangedV1 },
  WorkspaceMemberRemoved: { 1: WorkspaceMemberRemovedV1 },
  WorkspaceOwnershipTransferred: { 1: WorkspaceOwnershipTransferredV1 },
} as const;
