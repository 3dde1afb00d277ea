import type { FastifyInstance } from 'fastify';
import {
  ApiKeyScope,
  BASIC_API_KEY_SCOPES,
  CreateWorkspaceApiKeyBody,
  CreatedWorkspaceApiKey,
  ErrorBody,
  IdParams,
  MessageBody,
  WorkspaceApiKeyList,
  WorkspaceApiKeyParams,
  roleAllows,
  type WorkspaceApiKey,
  type WorkspaceRole,
} from '@linkledger/contracts';
import { API_KEYS, USERS, WORKSPACE_API_KEYS, type UserView, type WorkspaceApiKeyView } from '@linkledger/projections';
import { currentPlan } from '../billing/index.ts';
import { handleCommand } from '../commands/command-handler.ts';
import { commandContext } from '../http/command-context.ts';
import { routesFor } from '../http/declared-routes.ts';
import { answeredFromTheWrite } from '../http/still-processing.ts';
import type { Platform } from '../platform/platform.ts';
import { mintWorkspaceKey } from './workspace-key.ts';
import { ONE_KEY_WITHOUT_ADVANCED_API, roomForAnotherKey, workspaceKeyDecider } from './workspace-key-deciders.ts';
import { forbidden } from '../commands/domain-error.ts';

export const KEY_REVOKED = 'The API key was revoked: it stopped working at once.';

const hasAdvancedApi = async (platform: Pick<Platform, 'clock' | 'read'>, workspaceId: number) =>
  (await currentPlan(platform, workspaceId)).plan.features.includes('advanced_api');

/** The scopes a role may give a key, within the plan. */
const grantableScopes = (role: WorkspaceRole, advancedApi: boolean) =>
  ApiKeyScope.options.filter((scope) => roleAllows(role, scope) && (advancedApi || BASIC_API_KEY_SCOPES.includes(scope)));

/** A personal workspace's id is its user's: their account key is that workspace's key too, and counts towards the one. */
const accountKeysOf = (platform: Pick<Platform, 'read'>, workspaceId: number) => platform.read.count(API_KEYS, { user_id: workspaceId });

/**
 * Without Advanced API a personal workspace holds one key, its account key included: an account
 * key is not made beside a workspace key the personal workspace already holds (replacing the
 * account key it has is always allowed).
 */
export async function requireRoomForAccountKey(platform: Pick<Platform, 'clock' | 'read'>, userId: number): Promise<void> {
  const [accountKeys, workspaceKeys] = await Promise.all([accountKeysOf(platform, userId), platform.read.count(WORKSPACE_API_KEYS, { workspace_id: userId })]);
  if (accountKeys > 0 || roomForAnotherKey(false, workspaceKeys)) return;
  if (!(await hasAdvancedApi(platform, userId))) throw forbidden(ONE_KEY_WITHOUT_ADVANCED_API);
}

/** Owners and admins manage every key of the workspace; anyone else only their own. */
const managesAllKeys = (role: WorkspaceRole) => roleAllows(role, 'members:manage');

type ListedKey = Pick<WorkspaceApiKeyView, 'key_id' | 'name' | 'scopes' | 'last_four' | 'creator_id' | 'created_at' | 'last_used_at'>;

const keyAnswer = (view: ListedKey, creatorName: string): WorkspaceApiKey => ({
  id: view.key_id,
  name: view.name,
  scopes: view.scopes,
  last_four: view.last_four,
  created_by: { id: view.creator_id, name: creatorName },
  created_at: view.created_at,
  last_used_at: view.last_used_at,
});

/**
 * A workspace's named, scoped API keys (docs/developer-api.md#workspace-keys-and-scopes): any
 * member lists them and creates keys within their role; a member revokes their own, owners and
 * admins any. A key is shown once, in the answer that creates it.
 */
export async function workspaceKeyRoutes(app: FastifyInstance, platform: Platform) {
  const members = routesFor(app, { access: 'user', workspaceInPath: 'workspace:read' });

  members.get('/api/workspaces/:id/api-keys', {
    summary: 'A workspace’s API keys (never the keys themselves), whether its plan has Advanced API, and the scopes you may give a new key',
    params: IdParams,
    response: { 200: WorkspaceApiKeyList, 404: ErrorBody },
    handler: async ({ workspace }) => {
      const [views, advancedApi, accountKeys] = await Promise.all([
        platform.read.find<WorkspaceApiKeyView>(WORKSPACE_API_KEYS, { where: { workspace_id: workspace.id } }),
        hasAdvancedApi(platform, workspace.id),
        accountKeysOf(platform, workspace.id),
      ]);
      const creators = await platform.read.getMany<UserView>(
        USERS,
        views.map((view) => view.creator_id),
      );
      const keys = views
        .sort((a, b) => b.created_at.localeCompare(a.created_at) || a.key_id.localeCompare(b.key_id))
        .map((view) => keyAnswer(view, creators.get(String(view.creator_id))?.username ?? 'deleted account'));
      return {
        keys,
        advanced_api: advancedApi,
        grantable_scopes: grantableScopes(workspace.role, advancedApi),
        room_for_another: roomForAnotherKey(advancedApi, views.length + accountKeys),
      };
    },
  });

  members.post('/api/workspaces/:id/api-keys', {
    summary: 'Create a named API key with scopes no wider than your role: the key is in this answer only',
    params: IdParams,
    body: CreateWorkspaceApiKeyBody,
    response: { 201: CreatedWorkspaceApiKey, 403: ErrorBody, 404: ErrorBody },
    handler: async ({ request, reply, caller, workspace }) => {
      const { name, scopes } = request.body;
      const [advancedApi, accountKeys, creator] = await Promise.all([
        hasAdvancedApi(platform, workspace.id),
        accountKeysOf(platform, workspace.id),
        platform.read.get<UserView>(USERS, caller.userId),
      ]);
      const key = mintWorkspaceKey();
      // The answer comes from the write itself: the key is shown now or never.
      const context = answeredFromTheWrite(commandContext(platform, request));
      const command = {
        kind: 'create',
        workspaceId: workspace.id,
        creatorId: caller.userId,
        role: workspace.role,
        advancedApi,
        otherKeys: accountKeys,
        name,
        scopes,
        key,
      } as const;
      await handleCommand(platform, context, workspaceKeyDecider, command);
      const created: ListedKey = {
        key_id: key.keyId,
        name,
        scopes,
        last_four: key.lastFour,
        creator_id: caller.userId,
        created_at: context.now.toISOString(),
        last_used_at: null,
      };
      return reply.code(201).send({ key: keyAnswer(created, creator?.username ?? ''), api_key: key.plain });
    },
  });

  members.delete('/api/workspaces/:id/api-keys/:keyId', {
    summary: 'Revoke an API key (yours, or any as an owner or admin): it stops working at once',
    params: WorkspaceApiKeyParams,
    response: { 200: MessageBody, 403: ErrorBody, 404: ErrorBody },
    handler: async ({ request, caller, workspace }) => {
      const context = commandContext(platform, request);
      const command = {
        kind: 'revoke',
        workspaceId: workspace.id,
        keyId: request.params.keyId,
        revokedBy: caller.userId,
        managesAll: managesAllKeys(workspace.role),
      } as const;
      await handleCommand(platform, context, workspaceKeyDecider, command);
      return { message: KEY_REVOKED };
    },
  });
}
