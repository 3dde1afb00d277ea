import { useState } from 'react';
import { utmApi } from '../../api/endpoints.ts';
import { useQuery } from '../../api/query.ts';
import { ListTable } from '../../ui/ListTable.tsx';
import { useWorkspaceAccess } from '../workspaces/index.ts';
import { ClicksChart } from './ClicksChart.tsx';
import { PeriodPicker, DEFAULT_PERIOD, periodLabel, type Period } from './PeriodPicker.tsx';
import { ANALYTICS_FAILED, lastDays, utcDay } from './analytics-state.ts';
import { AnalyticsError, AnalyticsSkeleton, BackToDashboard, NoAnalyticsForRole } from './AnalyticsStates.tsx';
import './analytics.css';
import './campaigns.css';

const CAMPAIGN_COLUMNS = ['Campaign', { label: 'Links', className: 'num' }, { label: 'Clicks', className: 'num' }, { label: 'Visitors', className: 'num' }];

/** The Campaigns screen (docs/analytics.md#campaigns): every utm_campaign the workspace's links carry, with its clicks over the period. */
export default function CampaignsPage() {
  const access = useWorkspaceAccess();
  if (access.role !== null && !access.allows('analytics:read')) {
    return <NoAnalyticsForRole />;
  }
  return <Campaigns />;
}

const rangeOf = (period: Period) => (period.kind === 'last' ? lastDays(period.days, new Date()) : period.range);

function Campaigns() {
  const [period, setPeriod] = useState<Period>(DEFAULT_PERIOD);
  const [chosen, setChosen] = useState<string | null>(null);
  const range = rangeOf(period);
  const read = useQuery(['campaigns', period], () => utmApi.campaigns({ date_from: range.from, date_to: range.to }));
  if (read.error) return <AnalyticsError message={ANALYTICS_FAILED} />;
  if (!read.data) return <AnalyticsSkeleton />;
  const { campaigns } = read.data;
  const shown = campaigns.find((row) => row.campaign === chosen) ?? campaigns[0];
  return (
    <div className="analytics campaigns" data-testid="campaigns">
      <BackToDashboard />
      <header className="page-header analytics__head">
        <div className="analytics__title-block">
          <h1 className="page-title">Campaigns</h1>
          <p className="analytics__link-meta">Human clicks of the links that carry each UTM campaign.</p>
        </div>
      </header>
      <div className="cluster cluster--between cluster--bottom gap-4 analytics__toolbar">
        <PeriodPicker period={period} onChange={setPeriod} shown={{ from: read.data.date_from, to: read.data.date_to }} busy={read.loading} />
      </div>
      <section className="card" aria-labelledby="campaign-list">
        <div className="card__header">
          <h2 id="campaign-list" className="card__title">
            Campaigns
          </h2>
          <p className="card__subtitle">
            {periodLabel(period)} · {read.data.date_from} – {read.data.date_to}
          </p>
        </div>
        <ListTable
          className="table"
          columns={CAMPAIGN_COLUMNS}
          caption="Campaigns"
          empty={
            campaigns.length === 0
              ? { text: 'No link carries a UTM campaign yet. Set one in a link’s UTM parameters.', className: 'analytics-empty' }
              : undefined
          }
        >
          {campaigns.map((row) => (
            <tr key={row.campaign} data-campaign={row.campaign} className={row === shown ? 'campaigns__row--shown' : undefined}>
              <td>
                <button type="button" className="link-button campaigns__name" onClick={() => setChosen(row.campaign)}>
                  {row.campaign}
                </button>
              </td>
              <td className="num">{row.links.toLocaleString('en-US')}</td>
              <td className="num">{row.clicks.toLocaleString('en-US')}</td>
              <td className="num">{row.unique_visitors.toLocaleString('en-US')}</td>
            </tr>
          ))}
        </ListTable>
      </section>
      {shown ? (
        <section className="card analytics__chart" aria-labelledby="campaign-over-time">
          <div className="card__header">
            <h2 id="campaign-over-time" className="card__title">
              Clicks Over Time · {shown.campaign}
            </h2>
          </div>
          <ClicksChart days={shown.clicks_by_date} today={utcDay(new Date())} />
        </section>
      ) : null}
    </div>
  );
}
