import './dashboard.css';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { linksApi } from '../../api/endpoints.ts';
import { invalidate, setQueryData, useQuery } from '../../api/query.ts';
import type { Link, UserStats } from '../../api/types.ts';
import { useSession } from '../../auth/session.ts';
import { useSubscription } from '../../auth/subscription.ts';
import { useLiveClicks } from '../../live/useLiveClicks.ts';
import { LiveMarker } from '../../shell/AppShell.tsx';
import { useCreateLink } from '../../ui/create-link.ts';
import { PlusIcon, RefreshIcon } from '../../ui/icons.tsx';
import { LimitBanner } from './LimitBanner.tsx';
import { LinksPanel } from './LinksPanel.tsx';
import { QuickShorten } from './QuickShorten.tsx';
import { StatTiles } from './StatTiles.tsx';
import { VerificationBanner } from './VerificationBanner.tsx';

/** The caller's link totals (docs/analytics.md): read by the tiles, patched by live clicks, invalidated by link changes. */
export const STATS_QUERY = ['stats'] as const;

/** The stats, or a failure logged: a dashboard part that fails is logged and the rest carries on (docs/web-app.md#dashboard). */
const loadStats = () =>
  linksApi.stats().catch((error: unknown) => {
    console.error('Could not load the stats', error);
    throw error;
  });

/** The dashboard (docs/web-app.md#dashboard): welcome, tiles, banners, the quick bar and the Your URLs panel, live. */
export default function DashboardPage() {
  const user = useSession((s) => s.user);
  const subscription = useSubscription((s) => s.subscription);
  const loadSubscription = useSubscription((s) => s.load);
  const created = useCreateLink((s) => s.created);
  const markCreated = useCreateLink((s) => s.markCreated);
  const openCreate = useCreateLink((s) => s.setOpen);
  const [refreshes, setRefreshes] = useState(0);
  const stats = useQuery(STATS_QUERY, loadStats);
  const [refreshing, setRefreshing] = useState(false);
  const [clickPulse, setClickPulse] = useState(0);
  /** The click total last seen for each link, to turn live totals into tile increments. */
  const knownTotals = useRef(new Map<number, number>());
  const location = useLocation();

  // Refresh and every create (here or from the sidebar's modal) reload the page's parts.
  const reloadKey = refreshes + created;

  // A create from the sidebar's modal (or the quick bar) changes the totals and the plan's usage.
  useEffect(() => {
    if (created === 0) return;
    void invalidate(STATS_QUERY);
    void loadSubscription();
  }, [created, loadSubscription]);

  // "My Links & Analytics" in the sidebar goes to /dashboard#your-urls.
  useEffect(() => {
    if (location.hash !== '#your-urls') return;
    const panel = document.getElementById('your-urls');
    panel?.scrollIntoView({ block: 'start' });
    panel?.focus({ preventScroll: true });
  }, [location.hash, location.key]);

  useLiveClicks((click) => {
    const known = knownTotals.current.get(click.url_id);
    knownTotals.current.set(click.url_id, click.total_clicks);
    if (known === undefined) {
      // A link not on this page: ask for the totals again rather than guess.
      void invalidate(STATS_QUERY);
      setClickPulse((n) => n + 1);
      return;
    }
    const delta = click.total_clicks - known;
    if (delta <= 0) return;
    setQueryData<UserStats>(STATS_QUERY, (s) => s && { ...s, total_clicks: s.total_clicks + delta });
    setClickPulse((n) => n + 1);
  });

  const onLoaded = useCallback((links: readonly Link[]) => {
    for (const link of links) knownTotals.current.set(link.id, link.total_clicks);
  }, []);

  const onChanged = useCallback(() => {
    void invalidate(STATS_QUERY);
    // An edited or deleted link's details (the analytics page reads them).
    void invalidate(['link']);
    void loadSubscription();
  }, [loadSubscription]);

  const refresh = () => {
    setRefreshing(true);
    setRefreshes((n) => n + 1);
    void Promise.all([invalidate(STATS_QUERY), loadSubscription()]).finally(() => setRefreshing(false));
  };

  const exportAllowed = subscription?.features['csv_import_export'] === true;
  const name = user?.full_name?.trim() || user?.email || '';

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
          <p className="page-subtitle">Here is how your links are doing. Clicks arrive here the moment they happen.</p>
        </div>
        <div className="dashboard__actions">
          <LiveMarker />
          <button type="button" className="button button--secondary" onClick={refresh} disabled={refreshing}>
            <span className={refreshing ? 'refresh-spin' : undefined}>
              <RefreshIcon />
            </span>
            Refresh
          </button>
          <button type="button" className="button button--primary" onClick={() => openCreate(true)}>
            <PlusIcon />
            Create Link
          </button>
        </div>
      </header>

      <div className="dashboard__banners">
        {user && !user.is_verified ? <VerificationBanner userId={user.id} email={user.email} /> : null}
        <LimitBanner subscription={subscription} />
      </div>

      <StatTiles stats={stats.data ?? null} failed={stats.data === undefined && Boolean(stats.error)} clickPulse={clickPulse} />

      <QuickShorten onCreated={() => markCreated()} />

      <LinksPanel reloadKey={reloadKey} exportAllowed={exportAllowed} onLoaded={onLoaded} onChanged={onChanged} />
    </div>
  );
}
