import { describe, expect, it } from 'vitest';
import type { Workspace } from './workspaces-api.ts';
import {
  currentWorkspace,
  grantableRoles,
  isOwnerOfTeam,
  isPersonalUser,
  managesMember,
  managesMemberOf,
  managesMembers,
  renamesWorkspace,
  seatsText,
  invitesNeedUpgrade,
  slugFromName,
} from './workspace-rules.ts';

const workspace = (id: number, personal: boolean, role: Workspace['role'] = 'owner'): Workspace => ({
  id,
  name: `w${id}`,
  slug: personal ? null : `w-${id}`,
  personal,
  role,
  owner_ids: [],
  created_at: '2026-11-27T00:00:00.000Z',
});

describe('the workspace screens follow the roles', () => {
  it('lets owners and admins manage members, and only owners give the owner role', () => {
    expect(['owner', 'admin', 'member', 'viewer', 'billing'].filter((role) => managesMembers(role as Workspace['role']))).toEqual(['owner', 'admin']);
    expect(['owner', 'admin', 'member', 'viewer', 'billing'].filter((role) => renamesWorkspace(role as Workspace['role']))).toEqual(['owner', 'admin']);
    expect(grantableRoles('owner')).toEqual(['owner', 'admin', 'member', 'viewer', 'billing']);
    expect(grantableRoles('admin')).toEqual(['admin', 'member', 'viewer', 'billing']);
    expect(grantableRoles('member')).toEqual([]);
  });

  it('keeps owners out of an admin’s reach', () => {
    expect(managesMember('admin', 'member')).toBe(true);
    expect(managesMember('admin', 'owner')).toBe(false);
    expect(managesMember('owner', 'owner')).toBe(true);
    expect(managesMember('viewer', 'billing')).toBe(false);
  });

  it('never offers to change, remove or take out a personal workspace’s own user; other members of it are managed as anywhere', () => {
    const personal = workspace(7, true, 'owner');
    expect(isPersonalUser(personal, 7)).toBe(true);
    expect(isPersonalUser(personal, 8)).toBe(false);
    expect(isPersonalUser(workspace(7, false), 7)).toBe(false);
    expect(managesMemberOf(personal, { user_id: 7, role: 'owner' })).toBe(false);
    expect(managesMemberOf(personal, { user_id: 8, role: 'owner' })).toBe(true);
    expect(managesMemberOf({ ...personal, role: 'admin' }, { user_id: 9, role: 'viewer' })).toBe(true);
  });

  it('offers transfer and delete to owners of team workspaces only', () => {
    expect(isOwnerOfTeam(workspace(7, false))).toBe(true);
    expect(isOwnerOfTeam(workspace(7, true))).toBe(false);
    expect(isOwnerOfTeam(workspace(7, false, 'admin'))).toBe(false);
  });
});

describe('the current workspace', () => {
  // The caller (user 1) is also a member of user 5's personal workspace.
  const list = [workspace(1, true), workspace(5, true, 'member'), workspace(9, false, 'viewer')];

  it('is the chosen one while it is among the caller’s, another user’s personal one included', () => {
    expect(currentWorkspace(list, 9, 1)?.id).toBe(9);
    expect(currentWorkspace(list, 5, 1)?.id).toBe(5);
  });

  it('falls back to the caller’s own personal one when nothing is chosen or the chosen one is gone', () => {
    expect(currentWorkspace(list, null, 1)?.id).toBe(1);
    expect(currentWorkspace(list, 42, 1)?.id).toBe(1);
    expect(currentWorkspace([list[1]!, list[0]!], null, 1)?.id).toBe(1);
    expect(currentWorkspace([], 42, 1)).toBeUndefined();
  });
});

describe('texts', () => {
  it('makes a slug of a name', () => {
    expect(slugFromName('  Acme Marketing — India! ')).toBe('acme-marketing-india');
    expect(slugFromName('Café Ünïcode')).toBe('cafe-unicode');
    expect(slugFromName('a'.repeat(60))).toHaveLength(48);
    expect(slugFromName('<script>')).toBe('script');
  });

  it('closes the invite form where the plan has no team collaboration, unless an admin gave the workspace seats of its own', () => {
    const on = (team_management: boolean, seats: number, planSeats: number) => ({
      features: { team_management },
      limits: { seats },
      plan: { seats: planSeats },
    });
    expect(invitesNeedUpgrade(on(false, 1, 1))).toBe(true);
    expect(invitesNeedUpgrade(on(true, 5, 5))).toBe(false);
    expect(invitesNeedUpgrade(on(false, 3, 1))).toBe(false);
    expect(invitesNeedUpgrade(on(false, -1, 1))).toBe(false);
    expect(invitesNeedUpgrade(null)).toBe(false);
  });

  it('counts seats against the limit', () => {
    expect(seatsText({ used: 2, limit: 5 })).toBe('2 of 5 seats used');
    expect(seatsText({ used: 1, limit: 1 })).toBe('1 of 1 seat used');
    expect(seatsText({ used: 3, limit: -1 })).toBe('3 seats used (no limit)');
  });
});
