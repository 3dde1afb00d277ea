import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { linksApi } from '../../api/endpoints.ts';
import { useQuery } from '../../api/query.ts';
import type { Analytics, Link } from '../../api/types.ts';
import { shortDayLabel } from '../../format/dates.ts';
import type { LiveClick } from '../../live/live.ts';
import { useLiveClicks } from '../../live/useLiveClicks.ts';
import { LiveMarker } from '../../shell/AppShell.tsx';
import { ExternalIcon } from '../../ui/icons.tsx';
import { Breakdown } from './Breakdown.tsx';
import { ClicksChart } from './ClicksChart.tsx';
import { CountriesTable } from './CountriesTable.tsx';
import { PeriodPicker, DEFAULT_PERIOD, periodLabel, type Period } from './PeriodPicker.tsx';
import { ReferrersPie } from './ReferrersPie.tsx';
import {
  ANALYTICS_FAILED,
  ANALYTICS_MISSING,
  ANALYTICS_NOT_FOUND,
  applyLiveClick,
  clicksInRange,
  lastDays,
  utcDay,
  type DayRange,
  type LiveContext,
} from './analytics-state.ts';
import { AnalyticsError, AnalyticsSkeleton, BackToDashboard } from './AnalyticsStates.tsx';
import './analytics.css';

/** The analytics screen (docs/analytics.md): the link id is the numeric route parameter urlId. */
export default function AnalyticsPage() {
  const { urlId = '' } = useParams();
  const id = /^\d{1,15}$/.test(urlId) && Number(urlId) > 0 ? Number(urlId) : null;
  if (id === null) return <AnalyticsError message={ANALYTICS_NOT_FOUND} />;
  // A new id starts from a clean slate (loading), never showing the previous link's figures.
  return <LinkAnalytics key={id} id={id} />;
}

interface Read extends LiveContext {
  /** The period asked for: while it differs from the one chosen, a new read is under way. */
  period: Period;
  analytics: Analytics | null;
  error: string | null;
}

/** After a live click, the figures are read again this long after the last click (breakdowns, unique visitors). */
const REREAD_AFTER_MS = 1000;
/** The analytics store may lag behind the live total for a moment: read again, waiting longer each time, at most this often. */
const MAX_REREADS = 5;

function readFor(period: Period, now: Date): { range: DayRange; readDay: string } {
  return { range: period.kind === 'last' ? lastDays(period.days, now) : period.range, readDay: utcDay(now) };
}

/** One link's details, as the API answers them; edits and deletions invalidate `['link']`. */
export const linkQuery = (id: number) => ['link', id] as const;

/** A failure of the link details is only logged (docs/analytics.md#when-analytics-cannot-be-shown). */
const loadLink = (id: number) =>
  linksApi.get(id).catch((error: unknown) => {
    console.error('Could not load the link details', error);
    throw error;
  });

const failureText = (error: unknown) => (error instanceof ApiError && error.status === 404 ? ANALYTICS_NOT_FOUND : ANALYTICS_FAILED);

function LinkAnalytics({ id }: { id: number }) {
  const [period, setPeriod] = useState<Period>(DEFAULT_PERIOD);
  const details = useQuery(linkQuery(id), () => loadLink(id));
  /** undefined while loading; null when the details could not be read (logged only). */
  const link: Link | null | undefined = details.data ?? (details.error ? null : undefined);
  const [read, setRead] = useState<Read | null>(null);
  const lastClick = useRef<LiveClick | null>(null);
  const rereadTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const rereads = useRef(0);
  const currentPeriod = useRef(period);

  useEffect(() => {
    currentPeriod.current = period;
    let current = true;
    const { range, readDay } = readFor(period, new Date());
    linksApi.analytics(id, { date_from: range.from, date_to: range.to }).then(
      (analytics) => current && setRead({ period, range, readDay, analytics, error: null }),
      (error: unknown) => current && setRead({ period, range, readDay, analytics: null, error: failureText(error) }),
    );
    return () => {
      current = false;
    };
  }, [id, period]);

  useEffect(
    () => () => {
      if (rereadTimer.current) clearTimeout(rereadTimer.current);
    },
    [],
  );

  /** Reads the figures again quietly, keeping any live clicks the analytics store has not caught up with. */
  const reread = useCallback(() => {
    const run = () => {
      const asked = currentPeriod.current;
      const { range, readDay } = readFor(asked, new Date());
      linksApi.analytics(id, { date_from: range.from, date_to: range.to }).then(
        (fresh) => {
          const click = lastClick.current;
          const behind = click !== null && click.total_clicks > fresh.total_clicks;
          setRead((shown) => {
            if (!shown || shown.period !== asked || !shown.analytics) return shown;
            const context = { range, readDay };
            return { ...shown, ...context, analytics: behind && click ? applyLiveClick(fresh, click, context) : fresh };
          });
          if (behind && rereads.current < MAX_REREADS) {
            rereads.current += 1;
            rereadTimer.current = setTimeout(run, REREAD_AFTER_MS * rereads.current);
          }
        },
        (error: unknown) => console.error('Could not refresh the analytics', error),
      );
    };
    run();
  }, [id]);

  useLiveClicks((click) => {
    if (click.url_id !== id) return;
    lastClick.current = click;
    // Counters and today's bar change at once; the rest follows from a read a moment later.
    setRead((shown) => (shown?.analytics ? { ...shown, analytics: applyLiveClick(shown.analytics, click, shown) } : shown));
    rereads.current = 0;
    if (rereadTimer.current) clearTimeout(rereadTimer.current);
    rereadTimer.current = setTimeout(reread, REREAD_AFTER_MS);
  });

  if (read === null || link === undefined) return <AnalyticsSkeleton />;
  if (read.error) return <AnalyticsError message={read.error} />;
  if (!read.analytics || !link) return <AnalyticsError message={ANALYTICS_MISSING} />;

  return <LoadedAnalytics link={link} read={read} analytics={read.analytics} period={period} onPeriod={setPeriod} busy={read.period !== period} />;
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
    { label: 'Total Clicks', value: analytics.total_clicks, hint: 'All time' },
    { label: 'Today', value: analytics.clicks_today, hint: 'Since midnight UTC' },
    { label: 'This Week', value: analytics.clicks_this_week, hint: 'Since Monday' },
    { label: 'This Month', value: analytics.clicks_this_month, hint: 'Since the 1st' },
  ];

  return (
    <div className="analytics" aria-busy={busy}>
      <BackToDashboard />

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
        <LiveMarker />
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

      <div className="analytics__toolbar">
        <PeriodPicker period={period} onChange={onPeriod} shown={read.range} busy={busy} />
        <dl className="period-figures">
          <div>
            <dt>Clicks in period</dt>
            <dd data-figure="period-clicks">{inRange.toLocaleString('en-US')}</dd>
          </div>
          <div>
            <dt>Unique visitors</dt>
            <dd data-figure="unique-visitors">{analytics.unique_visitors.toLocaleString('en-US')}</dd>
          </div>
        </dl>
      </div>

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
    </div>
  );
}
