import { describe, expect, it } from 'vitest';
import type { WorkspacePermission } from '@linkledger/contracts/workspace-permissions';
import type { Workspace } from './workspaces-api.ts';
import { accessIn, roleReason, rolesAllowed } from './role-access.ts';

const team = (role: Workspace['role']): Workspace => ({
  id: 40,
  name: 'Growth <b>team</b>',
  slug: 'growth',
  personal: false,
  role,
  owner_ids: [1],
  created_at: '2026-11-27T00:00:00.000Z',
});

const PERMISSIONS: WorkspacePermission[] = ['links:read', 'links:write', 'analytics:read', 'domains:read', 'domains:write', 'billing'];
const allowed = (role: Workspace['role']) => PERMISSIONS.filter((permission) => accessIn(team(role), 40, 7).allows(permission));

describe('what the screens offer each role in the workspace the app acts in', () => {
  it('follows the server’s role table: a viewer reads, a billing member reads no links, a member writes links, an admin domains', () => {
    expect(allowed('owner')).toEqual(PERMISSIONS);
    expect(allowed('admin')).toEqual(['links:read', 'links:write', 'analytics:read', 'domains:read', 'domains:write']);
    expect(allowed('member')).toEqual(['links:read', 'links:write', 'analytics:read', 'domains:read']);
    expect(allowed('viewer')).toEqual(['links:read', 'analytics:read', 'domains:read']);
    expect(allowed('billing')).toEqual(['billing']);
  });

  it('the caller’s own personal workspace (no choice) is theirs to own at once; a chosen one not read yet allows nothing', () => {
    const own = accessIn(undefined, null, 7);
    expect(own).toMatchObject({ role: 'owner', ownPersonal: true });
    expect(own.allows('links:write')).toBe(true);
    const loading = accessIn(undefined, 40, 7);
    expect(loading).toMatchObject({ role: null, ownPersonal: false, name: null });
    expect(PERMISSIONS.filter((permission) => loading.allows(permission))).toEqual([]);
  });

  it('someone else’s personal workspace is not “yours”; choosing one’s own by id is', () => {
    const asha = { ...team('viewer'), id: 3, personal: true, slug: null, name: 'asha’s workspace' };
    expect(accessIn(asha, 3, 7).ownPersonal).toBe(false);
    expect(accessIn({ ...asha, id: 7, role: 'owner' }, 7, 7).ownPersonal).toBe(true);
  });

  it('says why an action is not offered, naming the caller’s role and the roles that may', () => {
    expect(rolesAllowed('links:write')).toBe('Owner, Admin or Member');
    expect(rolesAllowed('billing')).toBe('Owner or Billing');
    expect(roleReason('viewer', 'links:write', 'Creating, editing and deleting links')).toBe(
      'Your role in this workspace is Viewer. Creating, editing and deleting links needs the Owner, Admin or Member role.',
    );
  });
});
