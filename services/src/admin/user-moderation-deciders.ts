import type { DomainEvent, Role, UserStatus } from '@linkledger/contracts';
import type { Decider } from '../commands/command-handler.ts';
import { conflict, forbidden, notFound } from '../commands/domain-error.ts';
import { USER_NOT_FOUND, evolveUser, noUser, type UserState } from '../accounts/index.ts';
import { mayActOnAccount } from './who-acts-on-whom.ts';

/*
 * Suspending, banning and re-activating accounts, and granting the admin role
 * (docs/admin.md#user-status, docs/admin.md#roles).
 */

export const NOT_ON_YOURSELF = 'You cannot change your own account’s status or role.';
export const ONLY_SUPER_ADMIN_GRANTS = 'Only the super admin can grant or remove the admin role.';

export type StatusAction = 'suspend' | 'ban' | 'activate';

const TARGET: Record<StatusAction, UserStatus> = { suspend: 'suspended', ban: 'banned', activate: 'active' };
/** Which statuses each action may start from. */
const FROM: Record<StatusAction, readonly UserStatus[]> = { suspend: ['active'], ban: ['active', 'suspended'], activate: ['suspended', 'banned'] };
const ALREADY: Record<UserStatus, string> = {
  active: 'The user is already active.',
  suspended: 'The user is already suspended.',
  banned: 'The user is already banned.',
};

export const USER_DELETED = 'This account was deleted by its owner; it can no longer be changed.';

interface ChangeUserStatus {
  actorId: number;
  actorRole: Role;
  userId: number;
  action: StatusAction;
}

/** Never on oneself (status and role), never on a deleted account; otherwise who acts on whom (who-acts-on-whom.ts). */
function mayActOn(command: { actorId: number; actorRole: Role }, target: UserState): void {
  if (target.id === null) throw notFound(USER_NOT_FOUND);
  // A deleted account stays deleted: no status or role brings its sessions or keys back.
  if (target.deleted) throw conflict(USER_DELETED);
  if (target.id === command.actorId) throw forbidden(NOT_ON_YOURSELF);
  mayActOnAccount(command, target);
}

/**
 * Given a user, when an admin suspends, bans or activates them, then the status changes
 * (active → suspended or banned; suspended → banned; suspended or banned → active);
 * any other move is refused with what the status already is.
 */
function decideUserStatus(command: ChangeUserStatus, target: UserState): DomainEvent[] {
  mayActOn(command, target);
  const status = TARGET[command.action];
  if (!FROM[command.action].includes(target.status))
    throw conflict(target.status === status ? ALREADY[status] : `A ${target.status} user cannot be ${status === 'banned' ? 'banned' : status}.`);
  return [{ type: 'UserStatusChanged', data: { user_id: command.userId, status, previous: target.status } }];
}

export const userStatusDecider: Decider<ChangeUserStatus, UserState> = {
  streamOf: (command) => `user-${command.userId}`,
  initialState: noUser,
  evolve: evolveUser,
  decide: decideUserStatus,
};

interface ChangeUserRole {
  actorId: number;
  actorRole: Role;
  userId: number;
  role: 'user' | 'admin';
}

/** Given a user, when the super admin grants or removes the admin role, then the role changes; the same role again changes nothing. */
function decideUserRole(command: ChangeUserRole, target: UserState): DomainEvent[] {
  if (command.actorRole !== 'super_admin') throw forbidden(ONLY_SUPER_ADMIN_GRANTS);
  mayActOn(command, target);
  if (target.role === command.role) return [];
  return [{ type: 'UserRoleChanged', data: { user_id: command.userId, role: command.role, previous: target.role } }];
}

export const userRoleDecider: Decider<ChangeUserRole, UserState> = {
  streamOf: (command) => `user-${command.userId}`,
  initialState: noUser,
  evolve: evolveUser,
  decide: decideUserRole,
};
