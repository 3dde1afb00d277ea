import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { User } from '../../api/types.ts';
import { useSession } from '../auth/index.ts';
import { useSubscription } from './subscription.ts';
import { bestYearlySaving, type BillingCycle } from './prices.ts';
import { SiteFrame } from '../../site/SiteFrame.tsx';
import { usePlanCatalogue } from './plan-catalogue.ts';
import { chooseLabel, rateLimitSummary, type PlanList } from './plan-lines.ts';
import { PlanCards, type PlanAction } from './PlanCards.tsx';
import { AppShell } from '../../shell/AppShell.tsx';
import { AlertIcon } from '../../ui/icons.tsx';
import { LoadingScreen } from '../../ui/LoadingScreen.tsx';
import { Modal } from '../../ui/Modal.tsx';
import './pricing-page.css';

type Plan = PlanList[number];

/**
 * /pricing, public (docs/web-app.md#pricing-page): a monthly/yearly toggle, the three plan cards from the
 * catalogue, the plan-choice dialog and an FAQ. Visitors see it between the site's header
 * and footer; signed-in users inside their sidebar shell.
 *
 * This installation has no payment gateway, so the "payment confirmation" dialog says so
 * and names who can change a plan: the installation's administrators.
 */
export default function PricingPage() {
  const status = useSession((s) => s.status);
  if (status === 'loading') return <LoadingScreen />;
  if (status === 'signed-in') {
    return (
      <AppShell>
        <SignedInPricing />
      </AppShell>
    );
  }
  return (
    <SiteFrame className="pricing-page">
      <div className="container">
        <header className="pricing-page__head">
          <p className="eyebrow">Pricing</p>
          <h1 className="pricing-page__title">Simple plans that grow with your links</h1>
          <p className="pricing-page__lead">Start free, no credit card required. Move up when you need more links, your own domains or the API.</p>
        </header>
        <Pricing
          action={(plan) =>
            plan.price_monthly === 0
              ? { kind: 'link', to: '/register', label: chooseLabel(plan) }
              : // Paid plans need an account; after signing in the visitor comes back here (docs/web-app.md#pricing-page).
                { kind: 'link', to: '/login', label: chooseLabel(plan), state: { from: '/pricing' } }
          }
        />
      </div>
    </SiteFrame>
  );
}

function SignedInPricing() {
  const user = useSession((s) => s.user);
  const subscribed = useSubscription().subscription?.plan.name;
  const [chosen, setChosen] = useState<Plan | null>(null);
  // The plan in force: the subscription's, else the account's plan_type (the sidebar label's fallback, docs/web-app.md#signed-in-shell), else free.
  const current = subscribed ?? user?.plan_type ?? 'free';

  return (
    <div className="pricing-page pricing-page--app">
      <header className="page-header">
        <div>
          <h1 className="page-title">Plans &amp; Pricing</h1>
          <p className="page-subtitle">Compare the plans and what each includes. Prices are in Indian rupees.</p>
        </div>
      </header>
      <Pricing
        action={(plan): PlanAction =>
          plan.name === current
            ? { kind: 'current', note: `You are already on the ${plan.display_name} plan!` }
            : { kind: 'choose', label: `Choose ${plan.display_name}`, onChoose: () => setChosen(plan) }
        }
      />
      <PlanChangeDialog plan={chosen} user={user} onClose={() => setChosen(null)} />
    </div>
  );
}

/** The toggle, the cards and the FAQ: the same for visitors and signed-in users. */
function Pricing({ action }: { action(plan: Plan): PlanAction }) {
  const { catalogue, retry } = usePlanCatalogue();
  const [cycle, setCycle] = useState<BillingCycle>('monthly');
  const plans = catalogue.state === 'loaded' ? catalogue.plans : null;
  const saving = plans ? bestYearlySaving(plans) : null;

  return (
    <>
      <BillingToggle cycle={cycle} onChange={setCycle} saving={saving} />
      <section aria-label="Plans">
        <PlanCards
          catalogue={catalogue}
          cycle={cycle}
          limits="all"
          headingLevel={2}
          action={action}
          failed={
            <div className="pricing-failed" role="alert">
              <p>Our plans could not be loaded just now.</p>
              <button type="button" className="button button--primary" onClick={retry}>
                Try again
              </button>
            </div>
          }
        />
      </section>
      <Faq plans={plans} />
    </>
  );
}

function BillingToggle({ cycle, onChange, saving }: { cycle: BillingCycle; onChange(cycle: BillingCycle): void; saving: number | null }) {
  const option = (value: BillingCycle, label: string, extra?: ReactNode) => (
    <label className="billing-toggle__option">
      <input type="radio" name="billing-cycle" value={value} checked={cycle === value} onChange={() => onChange(value)} />
      <span>{label}</span>
      {extra}
    </label>
  );
  return (
    <fieldset className="billing-toggle">
      <legend className="visually-hidden">Billing period</legend>
      {option('monthly', 'Monthly')}
      {option('yearly', 'Yearly', saving ? <span className="billing-toggle__saving">Save up to {saving}%</span> : null)}
    </fieldset>
  );
}

/**
 * Choosing a plan other than the current one. Payments are not connected to this
 * installation: administrators move accounts between plans (POST /api/admin/users/{id}/change-plan).
 */
function PlanChangeDialog({ plan, user, onClose }: { plan: Plan | null; user: User | null; onClose(): void }) {
  return (
    <Modal
      title={plan ? `Move to ${plan.display_name}` : 'Change plan'}
      open={plan !== null}
      onClose={onClose}
      footer={
        <button type="button" className="button button--primary" onClick={onClose}>
          Close
        </button>
      }
    >
      {plan ? (
        <div className="plan-change" data-testid="plan-change">
          <p className="banner banner--info plan-change__banner">
            <AlertIcon />
            <span className="banner__body">Payments are not connected to this Linkledger yet, so plans cannot be bought here.</span>
          </p>
          <p className="plan-change__ask">
            Ask an administrator of this Linkledger to move your account ({user?.email ?? 'your email'}) to {plan.display_name}.
          </p>
          <p className="plan-change__text">
            The change takes effect as soon as they make it. Your links, their clicks and your API key stay as they are.
          </p>
        </div>
      ) : null}
    </Modal>
  );
}

function Faq({ plans }: { plans: PlanList | null }) {
  const items: { question: string; answer: ReactNode }[] = [
    {
      question: 'What counts as a link this month?',
      answer: (
        <p>
          Every short link you create in a calendar month counts towards that month — from the dashboard or through the API — including links you delete later. The count starts again
          on the 1st of each month (UTC).
        </p>
      ),
    },
    {
      question: 'What does “Unlimited” mean?',
      answer: (
        <p>
          A limit shown as Unlimited has no cap. In the API and the plan catalogue it is written as <code className="code-inline">-1</code>.
        </p>
      ),
    },
    {
      question: 'What happens when I reach my monthly link limit?',
      answer: (
        <p>
          New links are refused, with a message saying so, until the 1st of next month or until your plan changes. The links you already have keep redirecting and counting clicks.
          Your dashboard warns you as you get close, and{' '}
          <Link className="text-link" to="/limits">
            Usage &amp; Limits
          </Link>{' '}
          shows how many you have used.
        </p>
      ),
    },
    {
      question: 'How do the API rate limits work?',
      answer: (
        <p>
          Calls made with your API key are counted per minute{plans ? ` (${rateLimitSummary(plans)} calls a minute)` : ', by plan'}. Past the limit the API answers{' '}
          <strong>429 Too Many Requests</strong> with a <code className="code-inline">Retry-After</code> header that says how many seconds to wait. The web app’s own requests do not
          count.
        </p>
      ),
    },
    {
      question: 'How do I change my plan?',
      answer: (
        <p>
          Payments are not connected to this Linkledger yet. The administrators of this installation move accounts between plans; a change takes effect at once and lasts until it is
          changed again.
        </p>
      ),
    },
    {
      question: 'What currency are the prices in?',
      answer: <p>Indian rupees (₹). A yearly price covers twelve months; its Save badge shows how much less it is than twelve monthly prices.</p>,
    },
  ];
  return (
    <section className="faq" aria-labelledby="faq-title">
      <h2 id="faq-title" className="faq__title">
        Frequently asked questions
      </h2>
      <div className="faq__list">
        {items.map((item) => (
          <details className="faq__item" key={item.question}>
            <summary className="faq__question">{item.question}</summary>
            <div className="faq__answer">{item.answer}</div>
          </details>
        ))}
      </div>
    </section>
  );
}
