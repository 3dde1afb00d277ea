import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { planPrice, type BillingCycle } from './prices.ts';
import type { DisplayCurrency } from './payments/money.ts';
import { CheckIcon } from '../../ui/icons.tsx';
import type { Catalogue } from './plan-catalogue.ts';
import { planFeatureLines, planLimitLines, type PlanList } from './plan-lines.ts';
import './plan-cards.css';

type Plan = PlanList[number];

/** What a card's button does: go somewhere, open something, or nothing (the plan the user is on). */
export type PlanAction =
  { kind: 'link'; to: string; label: string; state?: unknown } | { kind: 'choose'; label: string; onChoose(): void } | { kind: 'current'; note: string };

/** Who each plan is for: words only — every figure comes from the catalogue. */
const PLAN_AUDIENCE: Record<string, string> = {
  free: 'For trying Linkledger and personal links.',
  pro: 'For professionals and growing teams.',
  enterprise: 'For organisations that run on links.',
};

interface PlanCardsProps {
  catalogue: Catalogue;
  /** Which price to show; a plan without a yearly price keeps its monthly one. */
  cycle?: BillingCycle;
  /** Rupees, or USD for display only (the pricing page's currency toggle). */
  currency?: DisplayCurrency;
  /** Links per month alone (landing) or every enforced limit (pricing page). */
  limits?: 'links' | 'all';
  /** The plan names' heading level under the section's own heading. */
  headingLevel?: 2 | 3;
  action(plan: Plan): PlanAction;
  /** Shown instead of the cards when the catalogue could not be loaded. */
  failed: ReactNode;
}

/**
 * The plan cards of the landing page's pricing section and of /pricing: name, Most Popular,
 * price (with the yearly saving), limits, the action, and the features by name.
 */
export function PlanCards({ catalogue, cycle = 'monthly', currency = 'INR', limits = 'links', headingLevel = 3, action, failed }: PlanCardsProps) {
  if (catalogue.state === 'loading') {
    return (
      <div className="pricing-grid" role="status" aria-label="Loading plans">
        {[0, 1, 2].map((index) => (
          <div className="plan-card plan-card--placeholder" key={index}>
            <span className="skeleton" style={{ width: '40%', height: '1.25rem' }} />
            <span className="skeleton" style={{ width: '60%', height: '2.5rem' }} />
            <span className="skeleton" style={{ width: '100%', height: '7rem' }} />
          </div>
        ))}
      </div>
    );
  }
  if (catalogue.state === 'failed') return <>{failed}</>;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="pricing-grid" role="list">
      {planFeatureLines(catalogue.plans, catalogue.featureNames).map(({ plan, inherits, features }) => {
        const price = planPrice(plan, cycle, currency);
        const todo = action(plan);
        const classes = ['plan-card', plan.popular ? 'plan-card--popular' : '', todo.kind === 'current' ? 'plan-card--current' : ''].filter(Boolean).join(' ');
        return (
          <li key={plan.name} className={classes} data-plan={plan.name}>
            <div className="plan-card__head cluster cluster--between">
              <Heading className="plan-card__name">{plan.display_name}</Heading>
              {plan.popular ? <span className="plan-card__badge">Most Popular</span> : null}
            </div>
            <p className="plan-card__audience">{PLAN_AUDIENCE[plan.name]}</p>
            <div className="stack gap-1 plan-card__pricing">
              <p className="plan-card__price">
                <span className="big-figure plan-card__amount">{price.amount}</span>
                <span className="plan-card__period">{price.period}</span>
              </p>
              {price.badge || price.note ? (
                <p className="plan-card__price-note">
                  {price.badge ? <span className="plan-card__saving">{price.badge}</span> : null}
                  {price.note}
                </p>
              ) : null}
            </div>
            <ul className="plan-card__limits" role="list">
              {planLimitLines(plan, limits).map((line) => (
                <li className="plan-card__limit" key={line.text}>
                  {line.figure ? <strong>{line.figure}</strong> : null} {line.text}
                </li>
              ))}
            </ul>
            <PlanButton plan={plan} action={todo} />
            <div className="plan-card__features">
              <p className="plan-card__inherits">
                {inherits && features.length === 0
                  ? `Everything in ${inherits}, with higher limits.`
                  : inherits
                    ? `Everything in ${inherits}, plus:`
                    : 'Includes:'}
              </p>
              <ul role="list">
                {features.map((name) => (
                  <li key={name} className="icon-line">
                    <CheckIcon />
                    <span>{name}</span>
                  </li>
                ))}
              </ul>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function PlanButton({ plan, action }: { plan: Plan; action: PlanAction }) {
  const className = `button ${plan.popular ? 'button--primary' : 'button--secondary'} button--lg button--block`;
  switch (action.kind) {
    case 'link':
      return (
        <Link className={className} to={action.to} state={action.state}>
          {action.label}
        </Link>
      );
    case 'choose':
      return (
        <button type="button" className={className} onClick={action.onChoose}>
          {action.label}
        </button>
      );
    case 'current':
      return (
        <div className="stack gap-2 plan-card__current">
          <button type="button" className="button button--secondary button--lg button--block" disabled>
            Current plan
          </button>
          <p className="plan-card__current-note icon-line">
            <CheckIcon />
            <span>{action.note}</span>
          </p>
        </div>
      );
  }
}
