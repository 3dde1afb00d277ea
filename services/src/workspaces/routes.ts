import type { FastifyInstance } from 'fastify';
import {
  ChangeMemberRoleBody,
  CreateWorkspaceBody,
  ErrorBody,
  IdParams,
  MessageBody,
  RenameWorkspaceBody,
  StillProcessingBody,
  TransferOwnershipBody,
  Workspace,
  WorkspaceAnswer,
  WorkspaceList,
  WorkspaceMemberParams,
  WorkspaceMembers,
} from '@linkledger/contracts';
import { handleCommand, handleMultiStreamCommand } from '../commands/command-handler.ts';
import { allocateId, metadataFor } from '../commands/command-context.ts';
import { commandContext } from '../http/command-context.ts';
import { routesFor } from '../http/declared-routes.ts';
import { STILL_PROCESSING } from '../http/still-processing.ts';
import type { Platform } from '../platform/platform.ts';
import {
  changeMemberRoleDecider,
  createWorkspaceDecider,
  deleteWorkspaceDecider,
  leaveWorkspaceDecider,
  removeMemberDecider,
  renameWorkspaceDecider,
  transferOwnershipDecider,
  workspaceName,
  workspaceSlug,
  OWNERS_AND_ADMINS_ONLY,
  OWNERS_ONLY,
} from './workspace-deciders.ts';
import { actingIn, addressOf, membersOf, pendingInvitesOf, shownWorkspace, workspaceAnswer, workspacesOf } from './workspace-views.ts';
import { seatLimit } from './workspace-seats.ts';
import { clearTeamWorkspace } from './workspace-removal.ts';

const workspaceCreated = (name: string) => `The workspace ${name} was created. Invite your team from its members page.`;
const WORKSPACE_RENAMED = 'The workspace was renamed.';
const WORKSPACE_DELETED = 'The workspace was deleted.';
const ROLE_CHANGED = 'The member’s role was changed.';
const MEMBER_REMOVED = 'The member was removed from the workspace.';
export const WORKSPACE_LEFT = 'You left the workspace.';
export const OWNERSHIP_TRANSFERRED = 'Ownership was handed over: the member is now an owner, and you are an admin.';

/** Workspaces as their members see and run them (docs/workspaces.md): list, create, rename, delete, members and their roles. */
export async function workspaceRoutes(app: FastifyInstance, platform: Platform) {
  const signedIn = routesFor(app, { access: 'user' });
  // Reading a workspace and its members also takes its key with `workspace:read` (docs/developer-api.md#workspace-keys-and-scopes);
  // everything that changes a workspace or its members takes a signed-in member only.
  const readers = routesFor(app, { access: 'user_or_api_key', workspaceInPath: 'workspace:read' });
  // Elsewhere the path names the workspace: the hook finds the caller a member whose role allows the route before anything else is looked at.
  const anyMember = routesFor(app, { access: 'user', workspaceInPath: 'workspace:read' });
  const memberManagers = routesFor(app, { access: 'user', workspaceInPath: 'members:manage', workspaceRefusal: OWNERS_AND_ADMINS_ONLY });
  const settingsManagers = routesFor(app, { access: 'user', workspaceInPath: 'workspace:settings', workspaceRefusal: OWNERS_AND_ADMINS_ONLY });
  const owners = routesFor(app, { access: 'user', workspaceInPath: 'workspace:own', workspaceRefusal: OWNERS_ONLY });

  signedIn.get('/api/workspaces', {
    summary: 'The workspaces the caller is a member of, each with the caller’s role: their personal one first',
    response: { 200: WorkspaceList },
    handler: async ({ caller }) => ({ workspaces: await workspacesOf(platform, caller.userId) }),
  });

  signedIn.post('/api/workspaces', {
    summary: 'Create a team workspace (name up to 64 characters, a unique slug); the caller is its owner',
    body: CreateWorkspaceBody,
    response: { 201: WorkspaceAnswer, 202: StillProcessingBody, 409: ErrorBody },
    handler: async ({ request, reply, caller }) => {
      // Checked before an id is taken, so a refused form leaves nothing behind (the decider checks again).
      const name = workspaceName(request.body.name);
      workspaceSlug(request.body.slug);
      const context = commandContext(platform, request);
      // From the users' sequence: a workspace id never names another user's personal workspace.
      const workspaceId = await allocateId(platform.events, 'user', metadataFor(context));
      const { shown } = await handleMultiStreamCommand(platform, context, createWorkspaceDecider, {
        workspaceId,
        actorId: caller.userId,
        name,
        slug: request.body.slug,
      });
      if (!shown) return reply.code(202).send({ detail: STILL_PROCESSING, still_processing: true, id: workspaceId });
      const created = await shownWorkspace(platform, { id: workspaceId, role: 'owner' });
      return reply.code(201).send({ message: workspaceCreated(created.view.name), workspace: workspaceAnswer(created) });
    },
  });

  readers.get('/api/workspaces/:id', {
    summary: 'One of the caller’s workspaces, with their role in it (a key’s creator’s)',
    params: IdParams,
    response: { 200: Workspace, 404: ErrorBody },
    handler: async ({ workspace }) => workspaceAnswer(await shownWorkspace(platform, workspace)),
  });

  settingsManagers.patch('/api/workspaces/:id', {
    summary: 'Rename a workspace (owners and admins)',
    params: IdParams,
    body: RenameWorkspaceBody,
    response: { 200: WorkspaceAnswer, 403: ErrorBody, 404: ErrorBody },
    handler: async ({ request, caller, workspace }) => {
      const acting = await actingIn(platform, workspace, caller.userId);
      await handleCommand(platform, commandContext(platform, request), renameWorkspaceDecider, { ...acting, name: request.body.name });
      return { message: WORKSPACE_RENAMED, workspace: workspaceAnswer(await shownWorkspace(platform, workspace)) };
    },
  });

  owners.delete('/api/workspaces/:id', {
    summary: 'Delete a team workspace (owners): its links are deleted and its domains and TRAI headers released; a personal one goes only with its account',
    params: IdParams,
    response: { 200: MessageBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    handler: async ({ request, caller, workspace }) => {
      const shown = await shownWorkspace(platform, workspace);
      const context = commandContext(platform, request);
      await clearTeamWorkspace(platform, context, shown);
      await handleCommand(platform, context, deleteWorkspaceDecider, { ...addressOf(shown.view, shown.view.id), actorId: caller.userId });
      return { message: WORKSPACE_DELETED };
    },
  });

  readers.get('/api/workspaces/:id/members', {
    summary: 'A workspace’s members with their roles, its pending invites (addresses masked) and its seats',
    params: IdParams,
    response: { 200: WorkspaceMembers, 404: ErrorBody },
    handler: async ({ workspace }) => {
      const [members, invites, seats] = await Promise.all([
        membersOf(platform, workspace.id),
        pendingInvitesOf(platform, workspace.id),
        seatLimit(platform, workspace.id),
      ]);
      return { members, invites, seats: { used: members.length + invites.length, limit: seats.limit } };
    },
  });

  memberManagers.patch('/api/workspaces/:id/members/:userId', {
    summary: 'Change a member’s role (owners; admins for members who are not owners)',
    params: WorkspaceMemberParams,
    body: ChangeMemberRoleBody,
    response: { 200: MessageBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    handler: async ({ request, caller, workspace }) => {
      const acting = await actingIn(platform, workspace, caller.userId);
      await handleCommand(platform, commandContext(platform, request), changeMemberRoleDecider, {
        ...acting,
        userId: request.params.userId,
        role: request.body.role,
      });
      return { message: ROLE_CHANGED };
    },
  });

  // Any member may leave; removing another is for owners and admins, as the decider checks.
  anyMember.delete('/api/workspaces/:id/members/:userId', {
    summary: 'Remove a member (owners; admins for members who are not owners), or leave, when the member is the caller',
    params: WorkspaceMemberParams,
    response: { 200: MessageBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    handler: async ({ request, caller, workspace }) => {
      const acting = await actingIn(platform, workspace, caller.userId);
      const context = commandContext(platform, request);
      if (request.params.userId === caller.userId) {
        await handleCommand(platform, context, leaveWorkspaceDecider, acting);
        return { message: WORKSPACE_LEFT };
      }
      await handleCommand(platform, context, removeMemberDecider, { ...acting, userId: request.params.userId });
      return { message: MEMBER_REMOVED };
    },
  });

  owners.post('/api/workspaces/:id/transfer', {
    summary: 'Hand a team workspace to another member (owners): they become an owner, the caller an admin',
    params: IdParams,
    body: TransferOwnershipBody,
    response: { 200: MessageBody, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    handler: async ({ request, caller, workspace }) => {
      const acting = await actingIn(platform, workspace, caller.userId);
      await handleCommand(platform, commandContext(platform, request), transferOwnershipDecider, { ...acting, toUserId: request.body.user_id });
      return { message: OWNERSHIP_TRANSFERRED };
    },
  });
}
