import type { Role } from '@linkledger/contracts';
import { loadStream } from '../commands/command-context.ts';
import { forbidden, notFound } from '../commands/domain-error.ts';
import { USER_NOT_FOUND, evolveUser, noUser, type UserState } from '../accounts/index.ts';
import { evolveLink } from '../links/index.ts';
import type { Platform } from '../platform/platform.ts';
import { WORKSPACES, type WorkspaceView } from '@linkledger/projections';

/*
 * The one rule for every admin action on an account and what it owns — status, role, plan,
 * limits, links (docs/admin.md#who-acts-on-whom): admins act on ordinary users; the super
 * admin acts on admins too; nobody but the super admin acts on the super admin's account.
 */

export const NOT_ON_SUPER_ADMIN = 'The super admin’s account cannot be suspended, banned or changed.';
export const ONLY_SUPER_ADMIN_ON_ADMINS = 'Only the super admin can change another admin’s account.';

interface ActingAdmin {
  actorId: number;
  actorRole: Role;
}

/** Given the account acted on, may this admin act on it? Throws the refusal (403) when not. */
export function mayActOnAccount(actor: ActingAdmin, target: Pick<UserState, 'id' | 'role'>): void {
  if (target.id === null) throw notFound(USER_NOT_FOUND);
  if (target.id === actor.actorId) return;
  if (target.role === 'super_admin') throw forbidden(NOT_ON_SUPER_ADMIN);
  if (target.role === 'admin' && actor.actorRole !== 'super_admin') throw forbidden(ONLY_SUPER_ADMIN_ON_ADMINS);
}

/** The signed-in admin of a request (callerOf). */
type AdminCaller = { userId: number; role: Role };

/** Reads the account from its stream (never behind) and applies the rule. */
export async function requireMayActOnUser(platform: Pick<Platform, 'events'>, caller: AdminCaller, userId: number): Promise<void> {
  const { state } = await loadStream(platform.events, `user-${userId}`, noUser, evolveUser);
  mayActOnAccount({ actorId: caller.userId, actorRole: caller.role }, state);
}

/**
 * The rule applied to what a workspace owns: a personal workspace is its user's; a team
 * workspace (docs/workspaces.md) is acted on as its owners are, so an admin may not act on a
 * workspace the super admin, or another admin, owns.
 */
export async function requireMayActOnWorkspace(platform: Pick<Platform, 'events' | 'read'>, caller: AdminCaller, workspaceId: number): Promise<void> {
  const team = await platform.read.get<WorkspaceView>(WORKSPACES, workspaceId);
  const accounts = team && !team.personal ? team.owner_ids : [workspaceId];
  for (const accountId of accounts) await requireMayActOnUser(platform, caller, accountId);
}

/** The rule applied to a link's owning workspace; a link that does not exist is left to the command to refuse. */
export async function requireMayActOnLink(platform: Pick<Platform, 'events' | 'read'>, caller: AdminCaller, linkId: number): Promise<void> {
  const { state: link } = await loadStream(platform.events, `link-${linkId}`, null, evolveLink);
  if (!link || link.deleted) return;
  await requireMayActOnWorkspace(platform, caller, link.ownerId);
}
