import { describe, expect, it } from 'vitest';
import { WorkspaceRole } from './events/workspaces.ts';
import { roleAllows, type WorkspacePermission } from './workspace-permissions.ts';

const allowed = (permission: WorkspacePermission) => WorkspaceRole.options.filter((role) => roleAllows(role, permission));

describe('what each workspace role may do (docs/workspaces.md#acting-in-a-workspace)', () => {
  it('every role sees the workspace; only billing people and owners its payments', () => {
    expect(allowed('workspace:read')).toEqual(['owner', 'admin', 'member', 'viewer', 'billing']);
    expect(allowed('billing')).toEqual(['owner', 'billing']);
  });

  it('viewers read links and analytics; members also write links; domains and members are for owners and admins', () => {
    expect(allowed('links:read')).toEqual(['owner', 'admin', 'member', 'viewer']);
    expect(allowed('analytics:read')).toEqual(['owner', 'admin', 'member', 'viewer']);
    expect(allowed('links:write')).toEqual(['owner', 'admin', 'member']);
    expect(allowed('domains:write')).toEqual(['owner', 'admin']);
    expect(allowed('members:manage')).toEqual(['owner', 'admin']);
    expect(allowed('workspace:settings')).toEqual(['owner', 'admin']);
  });

  it('only owners delete a workspace or hand it over', () => {
    expect(allowed('workspace:own')).toEqual(['owner']);
  });
});
