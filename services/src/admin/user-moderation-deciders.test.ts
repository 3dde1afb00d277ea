import { describe, expect, it } from 'vitest';
import type { DomainEvent, Role, UserStatus } from '@linkledger/contracts';
import { USER_NOT_FOUND } from '../accounts/user-state.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { NOT_ON_SUPER_ADMIN, ONLY_SUPER_ADMIN_ON_ADMINS } from './who-acts-on-whom.ts';
import { NOT_ON_YOURSELF, ONLY_SUPER_ADMIN_GRANTS, userRoleDecider, userStatusDecider, type StatusAction } from './user-moderation-deciders.ts';

/** The stream of a user with the given role, whose status has gone through the given changes. */
function userWith(role: Role, ...statuses: UserStatus[]): DomainEvent[] {
  const events: DomainEvent[] = [{ type: 'UserRegistered', data: { user_id: 9, email: 'x@example.com', password_hash: 'h', role } }];
  let previous: UserStatus = 'active';
  for (const status of statuses) {
    events.push({ type: 'UserStatusChanged', data: { user_id: 9, status, previous } });
    previous = status;
  }
  return events;
}

const statuses = deciderSpec(userStatusDecider);
const roles = deciderSpec(userRoleDecider);
const admin = { actorId: 1, actorRole: 'admin' as const };
const superAdmin = { actorId: 1, actorRole: 'super_admin' as const };
const act = (action: StatusAction, history = userWith('user'), actor: { actorId: number; actorRole: Role } = admin) =>
  statuses.given(history).when({ ...actor, userId: 9, action });

describe('user status', () => {
  it('given an active user, when an admin suspends or bans them, then the status changes from active', () => {
    act('suspend').then([{ type: 'UserStatusChanged', data: { user_id: 9, status: 'suspended', previous: 'active' } }]);
    act('ban').then([{ type: 'UserStatusChanged', data: { user_id: 9, status: 'banned', previous: 'active' } }]);
  });

  it('given a suspended or banned user, when activated, then they are active again', () => {
    expect(act('activate', userWith('user', 'suspended')).events[0]?.data).toMatchObject({ status: 'active', previous: 'suspended' });
    expect(act('activate', userWith('user', 'banned')).events[0]?.data).toMatchObject({ status: 'active', previous: 'banned' });
  });

  it('escalates a suspension to a ban, and refuses moves that change nothing or go backwards', () => {
    expect(act('ban', userWith('user', 'suspended')).events[0]?.data).toMatchObject({ status: 'banned', previous: 'suspended' });
    act('activate').thenThrows('The user is already active.');
    act('suspend', userWith('user', 'suspended')).thenThrows('The user is already suspended.');
    act('ban', userWith('user', 'banned')).thenThrows('The user is already banned.');
    act('suspend', userWith('user', 'banned')).thenThrows('A banned user cannot be suspended.');
  });

  it('the folded state follows the status events', () => {
    expect(statuses.given(userWith('user', 'suspended')).state.status).toBe('suspended');
    expect(statuses.given(userWith('user', 'suspended', 'active')).state.status).toBe('active');
  });

  it('never acts on oneself, on the super admin, or on an unknown user; only the super admin acts on admins', () => {
    statuses.given(userWith('admin')).when({ actorId: 9, actorRole: 'admin', userId: 9, action: 'suspend' }).thenThrows(NOT_ON_YOURSELF);
    act('suspend', userWith('super_admin'), superAdmin).thenThrows(NOT_ON_SUPER_ADMIN);
    act('ban', userWith('super_admin')).thenThrows(NOT_ON_SUPER_ADMIN);
    act('suspend', []).thenThrows(USER_NOT_FOUND);
    act('suspend', userWith('admin')).thenThrows(ONLY_SUPER_ADMIN_ON_ADMINS);
    expect(act('suspend', userWith('admin'), superAdmin).events).toHaveLength(1);
  });
});

describe('admin role', () => {
  it('given a user, when the super admin grants admin, then the role changes; granting it again changes nothing', () => {
    roles
      .given(userWith('user'))
      .when({ ...superAdmin, userId: 9, role: 'admin' })
      .then([{ type: 'UserRoleChanged', data: { user_id: 9, role: 'admin', previous: 'user' } }]);
    roles
      .given(userWith('admin'))
      .when({ ...superAdmin, userId: 9, role: 'admin' })
      .then([]);
    expect(roles.given(userWith('admin')).when({ ...superAdmin, userId: 9, role: 'user' }).events[0]?.data).toMatchObject({ role: 'user', previous: 'admin' });
  });

  it('is refused to admins, and never touches oneself or the super admin', () => {
    roles
      .given(userWith('user'))
      .when({ ...admin, userId: 9, role: 'admin' })
      .thenThrows(ONLY_SUPER_ADMIN_GRANTS);
    roles.given(userWith('super_admin')).when({ actorId: 9, actorRole: 'super_admin', userId: 9, role: 'user' }).thenThrows(NOT_ON_YOURSELF);
    roles
      .given(userWith('super_admin'))
      .when({ ...superAdmin, userId: 9, role: 'user' })
      .thenThrows(NOT_ON_SUPER_ADMIN);
  });
});
