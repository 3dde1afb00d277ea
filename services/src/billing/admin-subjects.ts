import { ChangePlanResponse, UserLimitsResponse, WorkspaceChangePlanResponse, WorkspaceLimitsResponse, type Role } from '@linkledger/contracts';
import { USERS, WORKSPACES, type UserView, type WorkspaceView } from '@linkledger/projections';
import { notFound } from '../commands/domain-error.ts';
import type { Platform } from '../platform/platform.ts';
import { USER_NOT_FOUND } from '../accounts/index.ts';
import { requireMayActOnUser, requireMayActOnWorkspace } from '../admin/index.ts';
import { ADMINS_CHANGE_PLANS, ADMINS_SET_LIMITS } from './subscription-deciders.ts';

/** An id an admin names that is no workspace, or a deleted one's. */
export const WORKSPACE_NOT_FOUND_FOR_ADMINS = 'Workspace not found';
export const ADMINS_CHANGE_WORKSPACE_PLANS = 'Only an admin or super admin can change a workspace’s plan.';
export const ADMINS_SET_WORKSPACE_LIMITS = 'Only an admin or super admin can set a workspace’s limits.';

type AdminCaller = { userId: number; role: Role };

/** How an answer names its subject: by id, and by what an admin knows it by. */
type SubjectId = { user_id: number } | { workspace_id: number };
type SubjectNames = { user_id: number; email: string } | { workspace_id: number; name: string };

/**
 * Whom an admin's plan and limits calls act on (docs/admin.md#plans-and-limits-of-a-workspace):
 * a user by id acts on their personal workspace (its id is theirs), a workspace by id on that
 * workspace. The subscription is the stream named by the id either way; what differs is how
 * the subject is found, whom the admin rule weighs, and the names an answer gives.
 */
interface AdminSubject {
  /** What the routes' summaries call it. */
  noun: 'user' | 'workspace';
  /** The routes' paths (the user's limits sit under /api/admin/api, as the spec has them). */
  paths: { subscription: string; history: string; changePlan: string; limits: string };
  /** Names it in an answer by its id alone. */
  idOf(id: number): SubjectId;
  /** Names it in an answer by its id and its e-mail address or name; a 404 when there is none. */
  find(platform: Pick<Platform, 'read'>, id: number): Promise<SubjectNames>;
  requireMayActOn(platform: Pick<Platform, 'events' | 'read'>, caller: AdminCaller, id: number): Promise<void>;
  /** The 403 a caller who is no admin gets from its plan routes and its limits routes. */
  refusals: { plan: string; limits: string };
  /** What the admin is told once the plan is changed. */
  planChanged(planType: string): string;
  responses: { changePlan: typeof ChangePlanResponse | typeof WorkspaceChangePlanResponse; limits: typeof UserLimitsResponse | typeof WorkspaceLimitsResponse };
}

const user: AdminSubject = {
  noun: 'user',
  paths: {
    subscription: '/api/admin/users/:id/subscription',
    history: '/api/admin/users/:id/subscription/history',
    changePlan: '/api/admin/users/:id/change-plan',
    limits: '/api/admin/api/users/:id/limits',
  },
  idOf: (id) => ({ user_id: id }),
  find: async (platform, id) => {
    const found = await platform.read.get<UserView>(USERS, id);
    if (!found) throw notFound(USER_NOT_FOUND);
    return { user_id: id, email: found.email };
  },
  requireMayActOn: requireMayActOnUser,
  refusals: { plan: ADMINS_CHANGE_PLANS, limits: ADMINS_SET_LIMITS },
  planChanged: (planType) => `Plan changed successfully: the user is now on the ${planType} plan.`,
  responses: { changePlan: ChangePlanResponse, limits: UserLimitsResponse },
};

const workspace: AdminSubject = {
  noun: 'workspace',
  paths: {
    subscription: '/api/admin/workspaces/:id/subscription',
    history: '/api/admin/workspaces/:id/subscription/history',
    changePlan: '/api/admin/workspaces/:id/change-plan',
    limits: '/api/admin/workspaces/:id/limits',
  },
  idOf: (id) => ({ workspace_id: id }),
  find: async (platform, id) => {
    const found = await platform.read.get<WorkspaceView>(WORKSPACES, id);
    if (!found || found.deleted) throw notFound(WORKSPACE_NOT_FOUND_FOR_ADMINS);
    return { workspace_id: id, name: found.name };
  },
  requireMayActOn: requireMayActOnWorkspace,
  refusals: { plan: ADMINS_CHANGE_WORKSPACE_PLANS, limits: ADMINS_SET_WORKSPACE_LIMITS },
  planChanged: (planType) => `Plan changed successfully: the workspace is now on the ${planType} plan.`,
  responses: { changePlan: WorkspaceChangePlanResponse, limits: WorkspaceLimitsResponse },
};

export const ADMIN_SUBJECTS = [user, workspace] as const;
