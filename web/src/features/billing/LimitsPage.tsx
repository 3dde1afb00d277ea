import { Link } from 'react-router';
import { useQuery } from '../../api/query.ts';
import { indianDate, limitLabel, rupees, usagePercent, usageTone } from './usage.ts';
import { AlertIcon, CalendarIcon, SparkIcon } from '../../ui/icons.tsx';
import { SkeletonTiles } from '../../ui/SkeletonTiles.tsx';
import { FeatureList } from './FeatureList.tsx';
import { PRICING_HREF } from './pricing-href.ts';
import { UsageBar } from './UsageBar.tsx';
import { useWorkspaceKey } from './workspace-key.ts';
import { linkLimitIsAccounts, offersUpgrade } from './account-limits.ts';
import { periodEndLabel, periodEndNote } from './period-end.ts';
import { AUTH_FAILED, LIMITS_QUERY, loadLimits, type LimitsState, type LimitsView } from './limits-view.ts';
import './limits.css';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { TitledCard } from '../../ui/TitledCard.tsx';

/** Usage & Limits (docs/plans.md#usage-and-limits-page): plan card, four tiles, usage bars, features, and an upgrade banner on Free. */
export default function LimitsPage() {
  const state: LimitsState = useQuery(useWorkspaceKey(LIMITS_QUERY), () => loadLimits()).data ?? { kind: 'loading' };

  return (
    <div className="limits">
      <PageHeader title="Usage & Limits" subtitle="Your plan, what you have used this month, and what it includes." />
      {state.kind === 'loading' ? <LimitsSkeleton /> : null}
      {state.kind === 'auth-failed' ? (
        <div className="banner banner--error" role="alert">
          <AlertIcon />
          <p className="banner__body">{AUTH_FAILED}</p>
        </div>
      ) : null}
      {state.kind === 'loaded' ? <LimitsContent view={state.view} /> : null}
    </div>
  );
}

function LimitsSkeleton() {
  return (
    <div className="stack" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading your usage…
      </p>
      <div className="card" aria-hidden="true">
        <span className="skeleton" style={{ width: '10rem', height: '1.5rem' }} />
        <span className="skeleton" style={{ width: '16rem', height: '1rem', marginTop: 'var(--space-3)' }} />
      </div>
      <SkeletonTiles />
    </div>
  );
}

function LimitsContent({ view }: { view: LimitsView }) {
  const { plan, limits, usage } = view;
  const endNote = view.periodEnd && view.status ? periodEndNote(view.status, plan.display_name) : null;
  const linksLeft = limits.monthly_links === -1 ? null : Math.max(0, limits.monthly_links - usage.links_created);
  const linkTone = usageTone(usage.links_created, limits.monthly_links);
  // An admin's limit for the account is the account's, not the plan's (docs/plans.md#monthly-link-limit).
  const whose = linkLimitIsAccounts(limits, plan) ? 'your account' : 'your plan';
  const price = view.billingCycle === 'yearly' && plan.price_yearly !== null ? `${rupees(plan.price_yearly)} / year` : `${rupees(plan.price_monthly)} / month`;

  return (
    <div className="stack limits__content">
      {view.fallback ? (
        <div className="banner banner--warning" role="status">
          <AlertIcon />
          <div className="banner__body">
            <p className="banner__title">We couldn’t load your subscription just now.</p>
            <p>The figures below are the {plan.display_name} plan’s standard limits; your actual plan may differ. Reload the page to try again.</p>
          </div>
        </div>
      ) : null}

      {offersUpgrade(view) ? (
        <section className="cluster cluster--center gap-4 upgrade-banner" aria-labelledby="upgrade-title">
          <span className="icon-disc icon-disc--square upgrade-banner__icon" aria-hidden="true">
            <SparkIcon />
          </span>
          <div className="upgrade-banner__body">
            <h2 id="upgrade-title" className="upgrade-banner__title">
              {view.upgrade ? `Upgrade to ${view.upgrade.display_name}` : 'Upgrade your plan'}
            </h2>
            <p className="upgrade-banner__text">
              {view.upgrade
                ? `${limitLabel(view.upgrade.monthly_links_limit)} links a month, ${limitLabel(view.upgrade.custom_domains_limit)} custom domains, ${limitLabel(view.upgrade.api_calls_per_minute)} API calls a minute and advanced analytics — from ${rupees(view.upgrade.price_monthly)} a month.`
                : 'More links every month, custom domains, a faster API and advanced analytics.'}
            </p>
          </div>
          <Link className="button button--on-dark" to={PRICING_HREF}>
            View Pricing Plans
          </Link>
        </section>
      ) : null}

      <section className="card plan-card" aria-labelledby="plan-title">
        <div className="plan-card__main">
          <p className="plan-card__eyebrow">Current plan</p>
          <h2 id="plan-title" className="plan-card__name">
            {plan.display_name}
            {view.status ? (
              <span className={`badge ${view.status === 'active' ? 'badge--success' : 'badge--danger'}`}>
                {view.status === 'active' ? 'Active' : view.status.charAt(0).toUpperCase() + view.status.slice(1)}
              </span>
            ) : null}
          </h2>
          <p className="plan-card__price">{price}</p>
          {endNote ? <p className="plan-card__note">{endNote}</p> : null}
        </div>
        <dl className="plan-card__facts">
          {view.periodEnd && view.status ? (
            <div>
              <dt>{periodEndLabel(view.status)}</dt>
              <dd data-figure="period-end">{indianDate(view.periodEnd)}</dd>
            </div>
          ) : null}
          <div>
            <dt>
              <CalendarIcon /> Usage resets on
            </dt>
            <dd data-figure="usage-resets">{indianDate(view.resetsAt)}</dd>
          </div>
          <div>
            <dt>Analytics kept for</dt>
            <dd>{plan.analytics_retention_days} days</dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="usage-title">
        <h2 id="usage-title" className="visually-hidden">
          Usage
        </h2>
        <div className="tiles limits__tiles">
          <div className="tile" data-tile="links">
            <p className="tile__label">Links this month</p>
            <p className="tile__value">
              {usage.links_created.toLocaleString('en-IN')} <span className="tile__of">of {limitLabel(limits.monthly_links)}</span>
            </p>
            <UsageBar used={usage.links_created} limit={limits.monthly_links} label="links this month" />
            <p className={`tile__hint usage-note usage-note--${linkTone}`}>
              {linksLeft === null
                ? `Unlimited links on ${whose}`
                : linksLeft === 0
                  ? `Limit reached · new links resume on ${indianDate(view.resetsAt)}`
                  : `${linksLeft.toLocaleString('en-IN')} left · ${Math.round(usagePercent(usage.links_created, limits.monthly_links) ?? 0)}% used`}
            </p>
          </div>
          <div className="tile" data-tile="clicks">
            <p className="tile__label">Total clicks</p>
            <p className="tile__value">{usage.total_clicks.toLocaleString('en-IN')}</p>
            <p className="tile__hint">
              {view.totalUrls === null
                ? 'Across all your links'
                : `Across ${view.totalUrls.toLocaleString('en-IN')} ${view.totalUrls === 1 ? 'link' : 'links'}`}
            </p>
          </div>
          <div className="tile" data-tile="api">
            <p className="tile__label">API calls per minute</p>
            <p className="tile__value">{limitLabel(limits.api_calls_per_minute)}</p>
            <p className="tile__hint">
              {usage.api_calls === null
                ? 'Your plan’s rate limit'
                : `${usage.api_calls.toLocaleString('en-IN')} API ${usage.api_calls === 1 ? 'call' : 'calls'} this month`}
            </p>
          </div>
          <div className="tile" data-tile="domains">
            <p className="tile__label">Custom domains</p>
            <p className="tile__value">{limitLabel(limits.custom_domains)}</p>
            <p className="tile__hint">{limits.custom_domains === 0 ? 'Not included in your plan' : 'Branded domains you can add'}</p>
          </div>
          <div className="tile" data-tile="seats">
            <p className="tile__label">Workspace seats</p>
            <p className="tile__value">{limitLabel(limits.seats)}</p>
            <p className="tile__hint">{limits.seats === 1 ? 'Just you: teams start on Pro' : 'Members and pending invites'}</p>
          </div>
        </div>
      </section>

      <div className="limits__pair">
        <TitledCard titleId="monthly-title" title="Monthly usage">
          <p className="card__subtitle">Counted per calendar month (UTC); resets on {indianDate(view.resetsAt)}.</p>
          <div className="usage-rows">
            <UsageRow
              label="Links created"
              used={usage.links_created}
              limit={limits.monthly_links}
              unit="links this month"
              note={
                linksLeft === null ? `No monthly limit on ${whose}.` : `New links are refused once the limit is reached, until ${indianDate(view.resetsAt)}.`
              }
            />
            {usage.api_calls === null ? null : (
              <div className="stack gap-2 usage-row">
                <div className="usage-row__head">
                  <span className="usage-row__label">API calls</span>
                  <span className="usage-row__figure">{usage.api_calls.toLocaleString('en-IN')} this month</span>
                </div>
                <p className="usage-row__note">
                  Limited to {limitLabel(limits.api_calls_per_minute)} a minute; a call over the limit is answered 429 with Retry-After.
                </p>
              </div>
            )}
          </div>
          <p className="usage-legend">
            <span className="dotted gap-1 usage-legend__item usage-legend__item--ok">Below 75%</span>
            <span className="dotted gap-1 usage-legend__item usage-legend__item--warning">From 75%</span>
            <span className="dotted gap-1 usage-legend__item usage-legend__item--critical">From 90%</span>
          </p>
        </TitledCard>

        <TitledCard titleId="features-title" title="Plan features">
          <p className="card__subtitle">
            {view.features.length} {view.features.length === 1 ? 'feature' : 'features'} included in {plan.display_name}.
          </p>
          <FeatureList features={view.features} />
        </TitledCard>
      </div>
    </div>
  );
}

function UsageRow({ label, used, limit, unit, note }: { label: string; used: number; limit: number; unit: string; note?: string }) {
  return (
    <div className="stack gap-2 usage-row">
      <div className="usage-row__head">
        <span className="usage-row__label">{label}</span>
        <span className="usage-row__figure">
          {used.toLocaleString('en-IN')} / {limitLabel(limit)}
        </span>
      </div>
      <UsageBar used={used} limit={limit} label={unit} />
      {note ? <p className="usage-row__note">{note}</p> : null}
    </div>
  );
}
