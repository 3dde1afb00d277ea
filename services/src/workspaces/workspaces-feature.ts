import { documentedAs } from '../http/feature-routes.ts';
import { inviteRoutes } from './invite-routes.ts';
import { workspaceRoutes } from './routes.ts';

/** Workspaces over HTTP: the caller's workspaces and their members, and invites. */
export const workspacesFeature = documentedAs('workspaces', workspaceRoutes, inviteRoutes);
