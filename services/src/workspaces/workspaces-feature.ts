import { documentedAs, featureRoutes } from '../http/feature-routes.ts';
import { activityRoutes } from './activity-routes.ts';
import { inviteRoutes } from './invite-routes.ts';
import { invitePreviewRoutes } from './invite-preview-routes.ts';
import { adminWorkspaceListRoutes } from './admin-workspace-list-routes.ts';
import { workspaceRoutes } from './routes.ts';

/** Workspaces over HTTP: the caller’s workspaces, their members, invites and activity. */
export const workspacesFeature = featureRoutes(
  documentedAs('workspaces', workspaceRoutes, inviteRoutes, invitePreviewRoutes, activityRoutes),
  documentedAs('admin', adminWorkspaceListRoutes),
);
