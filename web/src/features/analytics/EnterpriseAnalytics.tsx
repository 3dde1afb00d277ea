import { Link } from 'react-router';
import type { EnterpriseAnalyticsResponse } from '@linkledger/contracts';
import { linksApi } from '../../api/endpoints.ts';
import { useQuery } from '../../api/query.ts';
import { TitledCard } from '../../ui/TitledCard.tsx';
import { Breakdown } from './Breakdown.tsx';
import type { DayRange } from './analytics-state.ts';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const changeText = (percent: number | null) => (percent === null ? 'new' : `${percent > 0 ? '+' : ''}${percent}%`);

/** The Enterprise breakdowns of a link (docs/analytics.md#enterprise-analytics), or what other plans are told instead. */
export function EnterpriseAnalytics({ linkId, range, included }: { linkId: number; range: DayRange; included: boolean }) {
  const figures = useQuery(
    ['analytics-enterprise', linkId, range.from, range.to] as const,
    () => linksApi.enterpriseAnalytics(linkId, { date_from: range.from, date_to: range.to }),
    { enabled: included },
  );
  if (!included) {
    return (
      <TitledCard className="enterprise-analytics" titleId="enterprise-analytics" title="When visitors click">
        <p className="analytics-empty" data-upgrade="enterprise_analytics">
          Clicks by hour of the day and day of the week, and this period against the one before, are on the Enterprise plan.{' '}
          <Link to="/pricing" className="text-link">
            View Pricing Plans
          </Link>
        </p>
      </TitledCard>
    );
  }
  const answer: EnterpriseAnalyticsResponse | undefined = figures.data;
  if (!answer) return <p className="analytics-empty">{figures.error !== undefined ? 'Could not load the Enterprise analytics.' : 'Loading…'}</p>;
  const { current, previous, clicks_change_percent, unique_visitors_change_percent } = answer.comparison;
  const total = current.clicks;
  return (
    <>
      <TitledCard className="enterprise-analytics" titleId="period-comparison" title="This period against the one before">
        <dl className="period-figures" data-figure="comparison">
          <div>
            <dt>Clicks</dt>
            <dd>
              {current.clicks.toLocaleString('en-US')} vs {previous.clicks.toLocaleString('en-US')} ({changeText(clicks_change_percent)})
            </dd>
          </div>
          <div>
            <dt>Unique visitors</dt>
            <dd>
              {current.unique_visitors.toLocaleString('en-US')} vs {previous.unique_visitors.toLocaleString('en-US')} (
              {changeText(unique_visitors_change_percent)})
            </dd>
          </div>
          <div>
            <dt>Period before</dt>
            <dd>
              {previous.date_from} – {previous.date_to}
            </dd>
          </div>
        </dl>
      </TitledCard>
      <div className="analytics__pair">
        <Breakdown
          title="By hour of the day (UTC)"
          rows={answer.by_hour.filter((row) => row.clicks > 0).map((row) => ({ name: `${String(row.hour).padStart(2, '0')}:00`, count: row.clicks }))}
          total={total}
        />
        <Breakdown
          title="By day of the week (UTC)"
          rows={answer.by_weekday.filter((row) => row.clicks > 0).map((row) => ({ name: WEEKDAYS[row.weekday - 1] ?? String(row.weekday), count: row.clicks }))}
          total={total}
        />
      </div>
    </>
  );
}
