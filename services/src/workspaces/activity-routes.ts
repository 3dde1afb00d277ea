import type { FastifyInstance } from 'fastify';
import { ErrorBody, IdParams, WorkspaceActivity, WorkspaceActivityQuery, roleAllows } from '@linkledger/contracts';
import { routesFor } from '../http/declared-routes.ts';
import type { Platform } from '../platform/platform.ts';
import { activityPage } from './activity-page.ts';

/** The workspace's activity feed, from the log (docs/workspaces.md#activity). */
export async function activityRoutes(app: FastifyInstance, platform: Platform) {
  // The path names the workspace: the hook finds the caller a member whose role reads it before the query is looked at.
  // A workspace key with `workspace:read` reads it too (docs/developer-api.md#workspace-keys-and-scopes).
  const members = routesFor(app, { access: 'user_or_api_key', workspaceInPath: 'workspace:read' });

  members.get('/api/workspaces/:id/activity', {
    summary: 'What happened in a workspace, newest first, as sentences naming who did it: its links’ and members’ events; filter by member or link',
    params: IdParams,
    querystring: WorkspaceActivityQuery,
    response: { 200: WorkspaceActivity, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody },
    handler: ({ request, caller, workspace }) => {
      // The links' events tell their destinations and titles: only for those who may read links (the role, and a key's scopes).
      const readsLinks = roleAllows(workspace.role, 'links:read') && (caller.workspaceKey?.scopes.includes('links:read') ?? true);
      return activityPage(platform, workspace.id, { ...request.query, withoutLinks: !readsLinks });
    },
  });
}
