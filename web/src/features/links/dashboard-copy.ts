import type { WorkspaceAccess } from '../workspaces/index.ts';
import { rolesAllowed } from '../workspaces/index.ts';

/*
 * The dashboard's words for the workspace the app acts in (docs/web-app.md#roles-on-screen): in
 * the caller's own personal workspace the spec's texts about "your" links; in any other the
 * workspace by name, and no promise of changes the caller's role cannot make.
 */

const EXPORT_REFUSED = 'Export feature is only available on Pro and Enterprise plans. Upgrade your plan to export your URLs.';
const EXPORT_HINT = 'Upgrade to Pro for export feature';

interface DashboardCopy {
  subtitle: string;
  panelTitle: string;
  panelSubtitle: string;
  /** The stat tiles' name, and the Total URLs tile's line. */
  tilesLabel: string;
  totalHint: string;
}

const LIVE = 'Clicks arrive here the moment they happen.';

export function dashboardCopy(access: Pick<WorkspaceAccess, 'ownPersonal' | 'name' | 'allows'>): DashboardCopy {
  if (access.ownPersonal) {
    return {
      subtitle: `Here is how your links are doing. ${LIVE}`,
      panelTitle: 'Your URLs',
      panelSubtitle: 'Search, filter and manage every short link you own.',
      tilesLabel: 'Your link statistics',
      totalHint: 'All your short links',
    };
  }
  const workspace = access.name ?? 'this workspace';
  return {
    subtitle: `Here is how the links of ${workspace} are doing. ${LIVE}`,
    panelTitle: 'Workspace URLs',
    panelSubtitle: access.allows('links:write')
      ? `Search, filter and manage every short link ${workspace} owns.`
      : `Search and filter every short link ${workspace} owns.`,
    tilesLabel: `Link statistics of ${workspace}`,
    totalHint: 'All the workspace’s short links',
  };
}

export interface ExportUpsell {
  /** What the Export button says when the plan has no export. */
  refused: string;
  /** The line beside it. */
  hint: string;
  /** Whether the hint leads to the plans: only for someone who may change this workspace's plan. */
  toPricing: boolean;
}

/** Why a plan without export cannot export, and who can change that: the caller on their own, a team's owners and billing members. */
export function exportUpsell(access: Pick<WorkspaceAccess, 'ownPersonal' | 'allows'>): ExportUpsell {
  if (access.ownPersonal) return { refused: EXPORT_REFUSED, hint: EXPORT_HINT, toPricing: true };
  const refused = 'Export is only available on Pro and Enterprise plans, and this workspace is on another.';
  if (access.allows('billing'))
    return { refused: `${refused} Upgrade its plan to export its URLs.`, hint: 'Upgrade this workspace to Pro for export', toPricing: true };
  const who = `Its ${rolesAllowed('billing')} members can upgrade it.`;
  return { refused: `${refused} ${who}`, hint: `Export needs a Pro plan. ${who}`, toPricing: false };
}
