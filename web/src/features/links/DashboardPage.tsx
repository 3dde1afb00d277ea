import './links.css';
import './dashboard.css';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useQuery } from '../../api/query.ts';
import { useSession } from '../auth/index.ts';
import { useSubscription } from '../billing/index.ts';
import { RoleNotice, useWorkspaceAccess } from '../workspaces/index.ts';
import { dashboardCopy } from './dashboard-copy.ts';
import { useLiveClicks } from '../../live/useLiveClicks.ts';
import { LiveMarker } from '../../live/LiveMarker.tsx';
import { useCreateLink } from './create-link-dialog.ts';
import { PlusIcon, RefreshIcon, TableIcon } from '../../ui/icons.tsx';
import { BulkCreateDialog } from './bulk-create/BulkCreateDialog.tsx';
import { LimitBanner } from './LimitBanner.tsx';
import { STATS_QUERY, applyLiveClick, linkCreated, linksChanged, loadStats } from './link-queries.ts';
import { useListView } from './list-view.ts';
import { LinksPanel } from './LinksPanel.tsx';
import { QuickShorten } from './QuickShorten.tsx';
import { StatTiles } from './StatTiles.tsx';
import { VerificationBanner } from './VerificationBanner.tsx';

/**
 * The dashboard (docs/web-app.md#dashboard): welcome, tiles, banners, the quick bar and the Your URLs panel, live;
 * what the caller's role in the workspace does not allow is not offered (docs/web-app.md#roles-on-screen).
 */
export default function DashboardPage() {
  const access = useWorkspaceAccess();
  // A role that reads no links (billing) is told so, and nothing it cannot read is asked for.
  if (access.role !== null && !access.allows('links:read')) return <NoLinksForRole name={access.name} />;
  return <LinksDashboard />;
}

function LinksDashboard() {
  const user = useSession((s) => s.user);
  const access = useWorkspaceAccess();
  const { subscription } = useSubscription();
  const openCreate = useCreateLink((s) => s.setOpen);
  const stats = useQuery(STATS_QUERY, loadStats);
  const [refreshing, setRefreshing] = useState(false);
  const [clickPulse, setClickPulse] = useState(0);
  const [bulkOpen, setBulkOpen] = useState(false);
  const location = useLocation();

  // The panel's filters and page last only as long as the dashboard is shown.
  useEffect(() => () => useListView.getState().reset(), []);

  // "My Links & Analytics" in the sidebar goes to /dashboard#your-urls.
  useEffect(() => {
    if (location.hash !== '#your-urls') return;
    const panel = document.getElementById('your-urls');
    panel?.scrollIntoView({ block: 'start' });
    panel?.focus({ preventScroll: true });
  }, [location.hash, location.key]);

  useLiveClicks((click) => {
    if (applyLiveClick(click)) setClickPulse((n) => n + 1);
  });

  // Refresh reads everything again, from page 1 of the list.
  const refresh = () => {
    setRefreshing(true);
    useListView.getState().backToFirstPage();
    void linksChanged().finally(() => setRefreshing(false));
  };

  const exportAllowed = subscription?.features['csv_import_export'] === true;
  const name = user?.full_name?.trim() || user?.email || '';
  const writable = access.allows('links:write');
  const bulkAllowed = writable && subscription?.features['bulk_link_creation'] === true;
  const copy = dashboardCopy(access);

  return (
    <div className="dashboard">
      <header className="page-header dashboard__header">
        <div className="dashboard__welcome">
          <h1 className="page-title">
            Welcome back,{' '}
            <span className="dashboard__name" title={name}>
              {name}
            </span>
          </h1>
          <p className="page-subtitle">{copy.subtitle}</p>
        </div>
        <div className="dashboard__actions cluster cluster--center">
          <LiveMarker />
          <button type="button" className="button button--secondary" onClick={refresh} disabled={refreshing}>
            <span className={refreshing ? 'refresh-spin' : undefined}>
              <RefreshIcon />
            </span>
            Refresh
          </button>
          {bulkAllowed ? (
            <button type="button" className="button button--secondary" onClick={() => setBulkOpen(true)}>
              <TableIcon />
              Bulk create
            </button>
          ) : null}
          {writable ? (
            <button type="button" className="button button--primary" onClick={() => openCreate(true)}>
              <PlusIcon />
              Create Link
            </button>
          ) : null}
        </div>
      </header>

      <div className="stack gap-3 dashboard__banners">
        {user && !user.is_verified ? <VerificationBanner userId={user.id} email={user.email} /> : null}
        {writable ? <LimitBanner subscription={subscription} /> : null}
        <RoleNotice permission="links:write" action="Creating, editing and deleting links" />
      </div>

      <StatTiles stats={stats.data ?? null} failed={stats.data === undefined && Boolean(stats.error)} clickPulse={clickPulse} copy={copy} />

      {writable ? <QuickShorten onCreated={() => void linkCreated()} /> : null}

      <LinksPanel exportAllowed={exportAllowed} access={access} />
      {bulkAllowed ? <BulkCreateDialog open={bulkOpen} onClose={() => setBulkOpen(false)} onCreated={() => void linkCreated()} /> : null}
    </div>
  );
}

/** The dashboard of a role that reads no links: why, and where its work is. */
function NoLinksForRole({ name }: { name: string | null }) {
  return (
    <div className="dashboard">
      <header className="page-header dashboard__header">
        <div className="dashboard__welcome">
          <h1 className="page-title">{name ?? 'Workspace'}</h1>
          <p className="page-subtitle">This workspace’s plan and payments are yours to look after.</p>
        </div>
      </header>
      <RoleNotice permission="links:read" action="Reading its links and analytics">
        <p className="cluster gap-3 role-notice__actions">
          <RouterLink to="/payment-management" className="button button--secondary button--sm">
            Payments
          </RouterLink>
          <RouterLink to="/limits" className="button button--secondary button--sm">
            Usage and limits
          </RouterLink>
        </p>
      </RoleNotice>
    </div>
  );
}
