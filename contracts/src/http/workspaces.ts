import { z } from 'zod';
import { WorkspaceRole } from '../events/workspaces.ts';

const role = z.enum(WorkspaceRole.options, { message: 'role must be one of: owner, admin, member, viewer, billing' });
const name = z.string({ message: 'Please enter a name for the workspace.' }).max(1000, 'The name is at most 64 characters long.');

/** A workspace and one of its members, in the path. */
export const WorkspaceMemberParams = z.object({
  id: z.coerce.number().int().positive({ message: 'The id must be a positive whole number' }),
  userId: z.coerce.number().int().positive({ message: 'The member’s id must be a positive whole number' }),
});

/** A workspace and one of its invites, in the path. */
export const WorkspaceInviteParams = z.object({
  id: z.coerce.number().int().positive({ message: 'The id must be a positive whole number' }),
  inviteId: z.uuid({ message: 'The invite’s id is not one we gave out' }),
});

/** A team workspace: its name (one line, up to 64 characters) and its unique slug. */
export const CreateWorkspaceBody = z.strictObject({
  name: name.describe('One line, up to 64 characters'),
  slug: z
    .string({ message: 'Please enter a slug.' })
    .max(1000, 'A slug is 3 to 48 characters long.')
    .describe('3 to 48 lower-case letters, digits and hyphens; unique'),
});

export const RenameWorkspaceBody = z.strictObject({ name: name.describe('One line, up to 64 characters') });

export const InviteMemberBody = z.strictObject({
  email: z.email({ message: 'Please enter a valid e-mail address.' }).max(254, 'An e-mail address is at most 254 characters long.'),
  role: role.describe('owner, admin, member, viewer or billing'),
});

export const ChangeMemberRoleBody = z.strictObject({ role: role.describe('owner, admin, member, viewer or billing') });

export const TransferOwnershipBody = z.strictObject({
  user_id: z.number({ message: 'user_id must be the id of a member' }).int().positive().describe('The member who becomes an owner'),
});

/** The token from an invite's link (`/invite/{token}`). */
export const InviteTokenBody = z.strictObject({ token: z.string({ message: 'The invite link has no token' }).min(1, 'The invite link has no token').max(512) });

export const Workspace = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string().nullable(),
  personal: z.boolean(),
  /** The caller's role in it. */
  role: WorkspaceRole,
  owner_ids: z.array(z.number().int()),
  created_at: z.string(),
});
export type Workspace = z.infer<typeof Workspace>;

export const WorkspaceList = z.object({ workspaces: z.array(Workspace) });
export const WorkspaceAnswer = z.object({ message: z.string(), workspace: Workspace });

const WorkspaceMember = z.object({
  user_id: z.number().int(),
  username: z.string(),
  full_name: z.string().nullable(),
  role: WorkspaceRole,
  joined_at: z.string(),
});

export const WorkspaceInvite = z.object({
  id: z.string(),
  role: WorkspaceRole,
  /** Only masked: the address is never shown again after the invite is sent. */
  email_masked: z.string(),
  invited_by: z.number().int(),
  created_at: z.string(),
  expires_at: z.string(),
});

export const WorkspaceMembers = z.object({
  members: z.array(WorkspaceMember),
  invites: z.array(WorkspaceInvite),
  /** Members plus pending invites, against the plan's seats (-1: unlimited). */
  seats: z.object({ used: z.number().int(), limit: z.number().int() }),
});

export const WorkspaceInviteAnswer = z.object({ message: z.string(), invite: WorkspaceInvite });

/**
 * The workspace's activity feed (docs/workspaces.md#activity): `before` is the cursor (a
 * position in the log, from `older`); `member` a user id (what they did), `link` a link of
 * the workspace.
 */
export const WorkspaceActivityQuery = z.strictObject({
  before: z.coerce
    .number({ message: 'before must be a position in the log' })
    .int('before must be a whole number')
    .positive('before must be 1 or more')
    .optional(),
  limit: z.coerce
    .number({ message: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit is 1 to 100')
    .max(100, 'limit is 1 to 100')
    .default(50),
  member: z.coerce.number({ message: 'member must be a user id' }).int('member must be a user id').positive('member must be a user id').optional(),
  link: z.coerce.number({ message: 'link must be a link id' }).int('link must be a link id').positive('link must be a link id').optional(),
});
export type WorkspaceActivityQuery = z.infer<typeof WorkspaceActivityQuery>;

export const ActivityEntry = z.object({
  position: z.number().int(),
  at: z.string(),
  type: z.string(),
  /** Who did it: a member (by their username now, or "deleted account") or an API key; null for moderation and the system. */
  actor: z.object({ kind: z.enum(['user', 'api_key']), id: z.string(), name: z.string() }).nullable(),
  link_id: z.number().int().nullable(),
  /** What happened, as a sentence that names the actor. */
  summary: z.string(),
});

/** Newest first; `older` is the `before` of the next page, null once the log holds nothing older. */
export const WorkspaceActivity = z.object({ events: z.array(ActivityEntry), older: z.number().int().nullable() });
export type WorkspaceActivity = z.infer<typeof WorkspaceActivity>;

/**
 * What an invite offers, shown before the invited person answers (docs/workspaces.md#invites):
 * the workspace's name, who invited, the role, until when, and the invited address only masked.
 */
export const WorkspaceInvitePreview = z.object({
  workspace: z.object({ name: z.string(), personal: z.boolean() }),
  /** The inviter's username as it is now (`deleted account` once the account is gone). */
  inviter: z.string(),
  role: WorkspaceRole,
  email_masked: z.string(),
  expires_at: z.string(),
});
