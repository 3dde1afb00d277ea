import { Link as RouterLink } from 'react-router';
import type { Subscription } from '../../api/types.ts';
import { dayMonthLabel } from '../../format/dates.ts';
import { AlertIcon, GaugeIcon } from '../../ui/icons.tsx';
import { linkLimitIsAccounts } from '../billing/index.ts';
import { linkLimitLevel } from './limit-level.ts';

/**
 * From 80 percent of the monthly links the dashboard says how many are used; at 100
 * percent that the limit is reached. Unlimited plans never see it. A limit an admin set
 * for the account is called the account's, and no bigger plan is offered for it
 * (docs/plans.md#monthly-link-limit).
 */
export function LimitBanner({ subscription }: { subscription: Subscription | null }) {
  if (!subscription) return null;
  const used = subscription.usage.links_created;
  const limit = subscription.limits.monthly_links;
  const level = linkLimitLevel(used, limit);
  if (level === 'ok') return null;
  const accounts = linkLimitIsAccounts(subscription.limits, subscription.plan);
  const allows = accounts ? 'your account allows' : `your ${subscription.plan.display_name} plan allows`;
  const reached = level === 'reached';
  const resets = dayMonthLabel(subscription.usage_resets_at);
  const again = accounts ? `New links can be created again on ${resets}.` : `New links can be created again on ${resets}, or right away on a bigger plan.`;
  return (
    <section className={`banner ${reached ? 'banner--error' : 'banner--warning'} dash-banner`} aria-labelledby="limit-banner-title" data-testid="limit-banner">
      {reached ? <AlertIcon /> : <GaugeIcon />}
      <div className="banner__body">
        <h2 id="limit-banner-title" className="banner__title dash-banner__title">
          {reached ? 'Monthly link limit reached' : 'You are approaching your monthly link limit'}
        </h2>
        <p>
          You have used {count(used)} of {count(limit)} {limit === 1 ? 'link' : 'links'} {allows} this month.{' '}
          {reached ? again : `The count starts again on ${resets}.`}
        </p>
      </div>
      <div className="dash-banner__actions cluster cluster--center">
        <RouterLink to="/limits" className="button button--secondary button--sm">
          View usage and limits
        </RouterLink>
      </div>
    </section>
  );
}

const count = (value: number) => value.toLocaleString('en-US');
