// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { WorkspacePermission } from '@linkledger/contracts/workspace-permissions';
import { dashboardCopy, exportUpsell } from './dashboard-copy.ts';

const holding =
  (...permissions: WorkspacePermission[]) =>
  (permission: WorkspacePermission) =>
    permissions.includes(permission);

const personal = { ownPersonal: true, name: 'asha’s workspace', allows: holding('links:read', 'links:write', 'billing') };
const teamAs = (...permissions: WorkspacePermission[]) => ({ ownPersonal: false, name: 'Growth <b>team</b>', allows: holding(...permissions) });

describe('the dashboard’s words follow the workspace and the role', () => {
  it('keeps the spec’s texts in the caller’s own personal workspace', () => {
    expect(dashboardCopy(personal)).toEqual({
      subtitle: 'Here is how your links are doing. Clicks arrive here the moment they happen.',
      panelTitle: 'Your URLs',
      panelSubtitle: 'Search, filter and manage every short link you own.',
      tilesLabel: 'Your link statistics',
      totalHint: 'All your short links',
    });
    expect(exportUpsell(personal)).toEqual({
      refused: 'Export feature is only available on Pro and Enterprise plans. Upgrade your plan to export your URLs.',
      hint: 'Upgrade to Pro for export feature',
      toPricing: true,
    });
  });

  it('names the team, and promises management only to a role that may change links', () => {
    expect(dashboardCopy(teamAs('links:read', 'links:write'))).toEqual({
      subtitle: 'Here is how the links of Growth <b>team</b> are doing. Clicks arrive here the moment they happen.',
      panelTitle: 'Workspace URLs',
      panelSubtitle: 'Search, filter and manage every short link Growth <b>team</b> owns.',
      tilesLabel: 'Link statistics of Growth <b>team</b>',
      totalHint: 'All the workspace’s short links',
    });
    expect(dashboardCopy(teamAs('links:read')).panelSubtitle).toBe('Search and filter every short link Growth <b>team</b> owns.');
    expect(dashboardCopy({ ...teamAs('links:read'), name: null }).subtitle).toContain('the links of this workspace');
  });

  it('offers a team’s upgrade to those who pay for it, and tells the others who can', () => {
    expect(exportUpsell(teamAs('links:read', 'billing'))).toMatchObject({ hint: 'Upgrade this workspace to Pro for export', toPricing: true });
    const viewer = exportUpsell(teamAs('links:read'));
    expect(viewer).toMatchObject({ hint: 'Export needs a Pro plan. Its Owner or Billing members can upgrade it.', toPricing: false });
    expect(viewer.refused).not.toContain('Upgrade your plan');
  });
});
