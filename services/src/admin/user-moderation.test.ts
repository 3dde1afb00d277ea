import { describe, expect, it } from 'vitest';
import type { DomainEvent, Role, UserStatus } from '@linkledger/contracts';
import { USER_NOT_FOUND, evolveUser, noUser } from '../accounts/user-state.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { NOT_ON_SUPER_ADMIN, ONLY_SUPER_ADMIN_ON_ADMINS } from './who-acts-on-whom.ts';
import { NOT_ON_YOURSELF, ONLY_SUPER_ADMIN_GRANTS, decideUserRole, decideUserStatus, type StatusAction } from './user-moderation.ts';

/** A user with the given role, whose status has gone through the given changes. */
function given(role: Role, ...statuses: UserStatus[]) {
  const events: DomainEvent[] = [{ type: 'UserRegistered', data: { user_id: 9, email: 'x@example.com', password_hash: 'h', role } }];
  let previous: UserStatus = 'active';
  for (const status of statuses) {
    events.push({ type: 'UserStatusChanged', data: { user_id: 9, status, previous } });
    previous = status;
  }
  return deciderSpec({ initialState: noUser, evolve: evolveUser, decide: decideUserStatus }).given(events).state;
}

const admin = { actorId: 1, actorRole: 'admin' as const };
const superAdmin = { actorId: 1, actorRole: 'super_admin' as const };
const act = (action: StatusAction, state = given('user'), actor: { actorId: number; actorRole: Role } = admin) =>
  decideUserStatus({ ...actor, userId: 9, action }, state);

describe('user status', () => {
  it('given an active user, when an admin suspends or bans them, then the status changes from active', () => {
    expect(act('suspend')).toEqual([{ type: 'UserStatusChanged', data: { user_id: 9, status: 'suspended', previous: 'active' } }]);
    expect(act('ban')).toEqual([{ type: 'UserStatusChanged', data: { user_id: 9, status: 'banned', previous: 'active' } }]);
  });

  it('given a suspended or banned user, when activated, then they are active again', () => {
    expect(act('activate', given('user', 'suspended'))[0]?.data).toMatchObject({ status: 'active', previous: 'suspended' });
    expect(act('activate', given('user', 'banned'))[0]?.data).toMatchObject({ status: 'active', previous: 'banned' });
  });

  it('escalates a suspension to a ban, and refuses moves that change nothing or go backwards', () => {
    expect(act('ban', given('user', 'suspended'))[0]?.data).toMatchObject({ status: 'banned', previous: 'suspended' });
    expect(() => act('activate')).toThrow('The user is already active.');
    expect(() => act('suspend', given('user', 'suspended'))).toThrow('The user is already suspended.');
    expect(() => act('ban', given('user', 'banned'))).toThrow('The user is already banned.');
    expect(() => act('suspend', given('user', 'banned'))).toThrow('A banned user cannot be suspended.');
  });

  it('the folded state follows the status events', () => {
    expect(given('user', 'suspended').status).toBe('suspended');
    expect(given('user', 'suspended', 'active').status).toBe('active');
  });

  it('never acts on oneself, on the super admin, or on an unknown user; only the super admin acts on admins', () => {
    expect(() => decideUserStatus({ actorId: 9, actorRole: 'admin', userId: 9, action: 'suspend' }, given('admin'))).toThrow(NOT_ON_YOURSELF);
    expect(() => act('suspend', given('super_admin'), superAdmin)).toThrow(NOT_ON_SUPER_ADMIN);
    expect(() => act('ban', given('super_admin'))).toThrow(NOT_ON_SUPER_ADMIN);
    expect(() => act('suspend', noUser)).toThrow(USER_NOT_FOUND);
    expect(() => act('suspend', given('admin'))).toThrow(ONLY_SUPER_ADMIN_ON_ADMINS);
    expect(act('suspend', given('admin'), superAdmin)).toHaveLength(1);
  });
});

describe('admin role', () => {
  it('given a user, when the super admin grants admin, then the role changes; granting it again changes nothing', () => {
    expect(decideUserRole({ ...superAdmin, userId: 9, role: 'admin' }, given('user'))).toEqual([
      { type: 'UserRoleChanged', data: { user_id: 9, role: 'admin', previous: 'user' } },
    ]);
    expect(decideUserRole({ ...superAdmin, userId: 9, role: 'admin' }, given('admin'))).toEqual([]);
    expect(decideUserRole({ ...superAdmin, userId: 9, role: 'user' }, given('admin'))[0]?.data).toMatchObject({ role: 'user', previous: 'admin' });
  });

  it('is refused to admins, and never touches oneself or the super admin', () => {
    expect(() => decideUserRole({ ...admin, userId: 9, role: 'admin' }, given('user'))).toThrow(ONLY_SUPER_ADMIN_GRANTS);
    expect(() => decideUserRole({ actorId: 9, actorRole: 'super_admin', userId: 9, role: 'user' }, given('super_admin'))).toThrow(NOT_ON_YOURSELF);
    expect(() => decideUserRole({ ...superAdmin, userId: 9, role: 'user' }, given('super_admin'))).toThrow(NOT_ON_SUPER_ADMIN);
  });
});
