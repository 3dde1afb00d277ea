import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { linksApi } from '../../api/endpoints.ts';
import { setQueryData, useQuery } from '../../api/query.ts';
import type { Analytics, Link } from '../../api/types.ts';
import { shortDayLabel } from '../../format/dates.ts';
import type { LiveClick } from '../../live/live.ts';
import { useLiveClicks } from '../../live/useLiveClicks.ts';
import { LiveMarker } from '../../live/LiveMarker.tsx';
import { linkDetailsQuery, loadLinkDetails } from '../../api/link-details.ts';
import { ExternalIcon, ShareIcon } from '../../ui/icons.tsx';
import { Breakdown } from './Breakdown.tsx';
import { ClicksChart } from './ClicksChart.tsx';
import { CountriesTable } from './CountriesTable.tsx';
import { PeriodPicker, DEFAULT_PERIOD, periodLabel, type Period } from './PeriodPicker.tsx';
import { ReferrersPie } from './ReferrersPie.tsx';
import { SplitCard } from './SplitTable.tsx';
import { EnterpriseAnalytics } from './EnterpriseAnalytics.tsx';
import {
  ANALYTICS_FAILED,
  ANALYTICS_MISSING,
  ANALYTICS_NOT_FOUND,
  applyLiveClick,
  clicksInRange,
  lastDays,
  retentionNote,
  utcDay,
  type LiveContext,
} from './analytics-state.ts';
import { AnalyticsError, AnalyticsSkeleton, BackToDashboard, NoAnalyticsForRole } from './AnalyticsStates.tsx';
import { useWorkspaceAccess } from '../workspaces/index.ts';
import { useSubscription } from '../billing/index.ts';
import { SHARE_CHANNEL_LABELS, ShareModal } from '../links/index.ts';
import './analytics.css';

/** The analytics screen (docs/analytics.md): the link id is the numeric route parameter urlId. */
export default function AnalyticsPage() {
  const { urlId = '' } = useParams();
  const access = useWorkspaceAccess();
  const id = /^\d{1,15}$/.test(urlId) && Number(urlId) > 0 ? Number(urlId) : null;
  if (id === null) return <AnalyticsError message={ANALYTICS_NOT_FOUND} />;
  // A role that reads no analytics (billing) is told why, and nothing is asked of the server (docs/web-app.md#roles-on-screen).
  if (access.role !== null && !access.allows('analytics:read')) {
    return <NoAnalyticsForRole />;
  }
  // A new id starts from a clean slate (loading), never showing the previous link's figures.
  return <LinkAnalytics key={id} id={id} />;
}

/** One period's figures as read: the days they cover and the UTC day they were read on. */
interface Read extends LiveContext {
  analytics: Analytics;
  /** The analytics store had not yet caught up with the last live click: read again shortly. */
  behind: boolean;
}

/** After a live click, the figures are read again this long after the last click (breakdowns, unique visitors). */
const REREAD_AFTER_MS = 1000;
/** The analytics store may lag behind the live total for a moment: read again, waiting longer each time, at most this often. */
const MAX_REREADS = 5;

function readFor(period: Period, now: Date): LiveContext {
  return { range: period.kind === 'last' ? lastDays(period.days, now) : period.range, readDay: utcDay(now) };
}

/** One link's figures for one period; live clicks patch them in place until the next read. */
const analyticsQuery = (id: number, period: Period) => ['analytics', id, period] as const;

const failureText = (error: unknown) => (error instanceof ApiError && error.status === 404 ? ANALYTICS_NOT_FOUND : ANALYTICS_FAILED);

function LinkAnalytics({ id }: { id: number }) {
  const [period, setPeriod] = useState<Period>(DEFAULT_PERIOD);
  const details = useQuery(linkDetailsQuery(id), () => loadLinkDetails(id));
  /** undefined while loading; null when the details could not be read (logged only). */
  const link: Link | null | undefined = details.data ?? (details.error ? null : undefined);
  const lastClick = useRef<LiveClick | null>(null);
  const rereadTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const rereads = useRef(0);

  const key = analyticsQuery(id, period);
  // A read keeps any live click the analytics store has not caught up with.
  const figures = useQuery(key, async (): Promise<Read> => {
    const context = readFor(period, new Date());
    const fresh = await linksApi.analytics(id, { date_from: context.range.from, date_to: context.range.to }).catch((error: unknown) => {
      console.error('Could not read the analytics', error);
      throw error;
    });
    const click = lastClick.current;
    const behind = click !== null && click.total_clicks > fresh.total_clicks;
    return { ...context, behind, analytics: behind && click ? applyLiveClick(fresh, click, context) : fresh };
  });
  const { refetch } = figures;

  // While another period loads, the last figures stay shown (marked busy).
  const [shown, setShown] = useState<Read | null>(null);
  if (figures.data && figures.data !== shown) setShown(figures.data);

  useEffect(() => {
    if (!figures.data?.behind || rereads.current >= MAX_REREADS) return;
    rereads.current += 1;
    const timer = setTimeout(() => void refetch(), REREAD_AFTER_MS * rereads.current);
    return () => clearTimeout(timer);
  }, [figures.data, refetch]);

  useEffect(
    () => () => {
      if (rereadTimer.current) clearTimeout(rereadTimer.current);
    },
    [],
  );

  useLiveClicks((click) => {
    if (click.url_id !== id) return;
    lastClick.current = click;
    // Counters and today's bar change at once; the rest follows from a read a moment later.
    setQueryData<Read>(key, (read) => read && { ...read, behind: false, analytics: applyLiveClick(read.analytics, click, read) });
    rereads.current = 0;
    if (rereadTimer.current) clearTimeout(rereadTimer.current);
    rereadTimer.current = setTimeout(() => void refetch(), REREAD_AFTER_MS);
  });

  if (figures.error !== undefined && !figures.data) return <AnalyticsError message={failureText(figures.error)} />;
  if (shown === null || link === undefined) return <AnalyticsSkeleton />;
  if (!link) return <AnalyticsError message={ANALYTICS_MISSING} />;

  return <LoadedAnalytics link={link} read={shown} analytics={shown.analytics} period={period} onPeriod={setPeriod} busy={figures.data === undefined} />;
}

interface LoadedProps {
  link: Link;
  read: Read;
  analytics: Analytics;
  period: Period;
  onPeriod(period: Period): void;
  busy: boolean;
}

function LoadedAnalytics({ link, read, analytics, period, onPeriod, busy }: LoadedProps) {
  const inRange = clicksInRange(analytics);
  const rangeText = `${shortDayLabel(read.range.from)} – ${shortDayLabel(read.range.to)}`;
  const summary = [
    { label: 'Total Clicks', value: analytics.total_clicks, hint: analytics.retention.days < 0 ? 'All time' : `Last ${analytics.retention.days} days` },
    { label: 'Today', value: analytics.clicks_today, hint: 'Since midnight UTC' },
    { label: 'This Week', value: analytics.clicks_this_week, hint: 'Since Monday' },
    { label: 'This Month', value: analytics.clicks_this_month, hint: 'Since the 1st' },
  ];

  const { subscription } = useSubscription();
  const sharing = subscription?.features?.social_sharing === true;
  const retention = retentionNote(analytics.retention, subscription?.plan.display_name ?? 'current');
  const [sharingLink, setSharingLink] = useState<Link | null>(null);
  const shares = analytics.shares.map((row) => ({ name: SHARE_CHANNEL_LABELS[row.channel], count: row.count }));

  return (
    <div className="analytics" aria-busy={busy}>
      <BackToDashboard />
      <ShareModal link={sharingLink} onClose={() => setSharingLink(null)} />

      <header className="page-header analytics__head">
        <div className="analytics__title-block">
          <h1 className="page-title">Analytics</h1>
          <p className="analytics__link-title">{link.title || 'Untitled URL'}</p>
          <p className="analytics__link-meta">
            <a className="short-code" href={link.short_url} target="_blank" rel="noreferrer" aria-label={`Open short link ${link.short_code} in a new tab`}>
              /{link.short_code}
              <ExternalIcon />
            </a>
            <span className="analytics__destination" title={link.original_url}>
              {link.original_url}
            </span>
          </p>
        </div>
        <div className="cluster gap-3">
          {/* What was done to this link, on the workspace's Activity screen (docs/workspaces.md#screens). */}
          <RouterLink className="button button--secondary button--sm" to={`/activity?link=${link.id}`}>
            Activity
          </RouterLink>
          {sharing ? (
            <button type="button" className="button button--secondary button--sm" data-action="share" onClick={() => setSharingLink(link)}>
              <ShareIcon />
              Share
            </button>
          ) : null}
          <LiveMarker />
        </div>
      </header>

      <section aria-label="Summary">
        <div className="tiles analytics__tiles">
          {summary.map((tile) => (
            <div key={tile.label} className="tile" data-tile={tile.label}>
              <p className="tile__label">{tile.label}</p>
              <p className="tile__value">{tile.value.toLocaleString('en-US')}</p>
              <p className="tile__hint">{tile.hint}</p>
            </div>
          ))}
        </div>
      </section>

      <div className="cluster cluster--between cluster--bottom gap-4 analytics__toolbar">
        <PeriodPicker period={period} onChange={onPeriod} shown={read.range} busy={busy} retention={analytics.retention} />
        <dl className="period-figures">
          <div>
            <dt>Clicks in period</dt>
            <dd data-figure="period-clicks">{inRange.toLocaleString('en-US')}</dd>
          </div>
          <div>
            <dt>Unique visitors</dt>
            <dd data-figure="unique-visitors">{analytics.unique_visitors.toLocaleString('en-US')}</dd>
          </div>
          <div>
            <dt>QR code scans</dt>
            <dd data-figure="qr-scans">{analytics.qr_scans.toLocaleString('en-US')}</dd>
          </div>
          {analytics.imported_clicks > 0 && (
            // Clicks an import brought from another shortener are in the period's figures: said here, so none passes for live.
            <div>
              <dt>Of which imported</dt>
              <dd data-figure="imported-clicks">{analytics.imported_clicks.toLocaleString('en-US')}</dd>
            </div>
          )}
        </dl>
      </div>

      {retention ? (
        <p className="analytics__retention" role="note" data-clipped={analytics.retention.clipped}>
          {retention}
        </p>
      ) : null}

      <section className="card analytics__chart" aria-labelledby="clicks-over-time">
        <div className="card__header">
          <h2 id="clicks-over-time" className="card__title">
            Clicks Over Time
          </h2>
          <p className="card__subtitle">
            {periodLabel(period)} · {rangeText}
          </p>
        </div>
        <ClicksChart days={analytics.clicks_by_date} today={read.readDay} />
      </section>

      <div className="analytics__pair">
        <section className="card" aria-labelledby="top-referrers">
          <div className="card__header">
            <h2 id="top-referrers" className="card__title">
              Top Referrers
            </h2>
            <p className="card__subtitle">Where visitors came from · {rangeText}</p>
          </div>
          <ReferrersPie referrers={analytics.top_referrers} total={inRange} />
        </section>
        <section className="card" aria-labelledby="top-countries">
          <div className="card__header">
            <h2 id="top-countries" className="card__title">
              Top Countries
            </h2>
            <p className="card__subtitle">Share of the clicks in the period · {rangeText}</p>
          </div>
          <CountriesTable countries={analytics.top_countries} total={inRange} />
        </section>
      </div>

      <div className="analytics__trio">
        <Breakdown title="Devices" rows={analytics.devices} total={inRange} />
        <Breakdown title="Browsers" rows={analytics.browsers} total={inRange} />
        <Breakdown title="Operating systems" rows={analytics.operating_systems} total={inRange} />
      </div>

      <EnterpriseAnalytics linkId={link.id} range={read.range} included={subscription?.features?.enterprise_analytics === true} />

      {/* Which share button brought the clicks (docs/analytics.md#shares); QR scans are in the figures above. */}
      <div className="analytics__pair">
        <Breakdown title="Shares" rows={shares} total={inRange} />
      </div>

      {analytics.by_rule.length > 0 || analytics.by_variant.length > 0 ? (
        <div className="analytics__pair">
          <SplitCard kind="rule" rows={analytics.by_rule} rangeText={rangeText} />
          <SplitCard kind="variant" rows={analytics.by_variant} rangeText={rangeText} />
        </div>
      ) : null}
    </div>
  );
}
