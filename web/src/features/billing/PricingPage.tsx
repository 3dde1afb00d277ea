import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Subscription } from '../../api/types.ts';
import { useSession } from '../auth/index.ts';
import { useSubscription } from './subscription.ts';
import { bestYearlySaving, type BillingCycle } from './prices.ts';
import { CheckoutFlow, type CheckoutRequest } from './payments/CheckoutFlow.tsx';
import { gstPercent, type DisplayCurrency } from './payments/money.ts';
import { usePaymentConfig } from './payments/payment-queries.ts';
import { indianDate } from './usage.ts';
import { SiteFrame } from '../../site/SiteFrame.tsx';
import { usePlanCatalogue } from './plan-catalogue.ts';
import { chooseLabel, rateLimitSummary, type PlanList } from './plan-lines.ts';
import { PlanCards, type PlanAction } from './PlanCards.tsx';
import { AppShell } from '../../shell/AppShell.tsx';
import { LoadingScreen } from '../../ui/LoadingScreen.tsx';
import { Modal } from '../../ui/Modal.tsx';
import './pricing-page.css';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { TitledSection } from '../../ui/TitledSection.tsx';

type Plan = PlanList[number];

/**
 * /pricing, public (docs/web-app.md#pricing-page): monthly/yearly and INR/USD toggles, the three plan
 * cards from the catalogue, the payment confirmation dialog and checkout, and an FAQ.
 * Visitors see it between the site's header and footer; signed-in users inside their sidebar shell.
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
          action={(plan): PlanAction =>
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
  const { subscription } = useSubscription();
  const [request, setRequest] = useState<CheckoutRequest | null>(null);
  const [freeAsked, setFreeAsked] = useState(false);
  // The plan in force: the subscription's, else the account's plan_type (the sidebar label's fallback, docs/web-app.md#signed-in-shell), else free.
  const current = subscription?.plan.name ?? user?.plan_type ?? 'free';

  const action = (plan: Plan, cycle: BillingCycle): PlanAction => {
    const already: PlanAction = { kind: 'current', note: `You are already on the ${plan.display_name} plan!` };
    if (plan.price_monthly === 0)
      return current === plan.name ? already : { kind: 'choose', label: `Choose ${plan.display_name}`, onChoose: () => setFreeAsked(true) };
    // A plan without a yearly price is bought monthly whatever the toggle says.
    const planCycle: BillingCycle = plan.price_yearly === null ? 'monthly' : cycle;
    const choose = () => setRequest({ plan: plan.name as CheckoutRequest['plan'], planName: plan.display_name, cycle: planCycle, requestedAt: Date.now() });
    if (plan.name !== current) return { kind: 'choose', label: `Choose ${plan.display_name}`, onChoose: choose };
    // The plan in force, on the other billing cycle: monthly to yearly is a switch the server prices as a plan change;
    // yearly to monthly it refuses while the paid year runs (docs/payments.md#what-an-order-buys), so it is not offered.
    if (subscription && subscription.billing_cycle !== planCycle) {
      if (planCycle === 'yearly') return { kind: 'choose', label: 'Switch to yearly billing', onChoose: choose };
      return { kind: 'current', note: `You are on ${plan.display_name}, billed yearly. Monthly billing can be chosen once your paid year ends.` };
    }
    return already;
  };

  return (
    <div className="pricing-page pricing-page--app">
      <PageHeader title="Plans & Pricing" subtitle="Compare the plans and what each includes. Prices are in Indian rupees." />
      <Pricing action={action} />
      {request ? <CheckoutFlow key={request.requestedAt} request={request} onClose={() => setRequest(null)} /> : null}
      <MoveToFreeDialog open={freeAsked} subscription={subscription} onClose={() => setFreeAsked(false)} />
    </div>
  );
}

/** The toggles, the cards and the FAQ: the same for visitors and signed-in users. */
function Pricing({ action }: { action(plan: Plan, cycle: BillingCycle): PlanAction }) {
  const { catalogue, retry } = usePlanCatalogue();
  const [cycle, setCycle] = useState<BillingCycle>('monthly');
  const [currency, setCurrency] = useState<DisplayCurrency>('INR');
  const plans = catalogue.state === 'loaded' ? catalogue.plans : null;
  const saving = plans ? bestYearlySaving(plans) : null;

  return (
    <>
      <div className="pricing-toggles">
        <BillingToggle cycle={cycle} onChange={setCycle} saving={saving} />
        <CurrencyToggle currency={currency} onChange={setCurrency} />
      </div>
      {currency === 'USD' ? (
        <p className="pricing-page__currency-note" role="status">
          US dollar figures are shown for reference only; payments are made in Indian rupees (₹).
        </p>
      ) : null}
      <section aria-label="Plans">
        <PlanCards
          catalogue={catalogue}
          cycle={cycle}
          currency={currency}
          limits="all"
          headingLevel={2}
          action={(plan) => action(plan, cycle)}
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

/** Display only: INR (the default, what is charged) or USD, the rupee figure divided by 100. */
function CurrencyToggle({ currency, onChange }: { currency: DisplayCurrency; onChange(currency: DisplayCurrency): void }) {
  const option = (value: DisplayCurrency, label: string) => (
    <label className="billing-toggle__option">
      <input type="radio" name="display-currency" value={value} checked={currency === value} onChange={() => onChange(value)} />
      <span>{label}</span>
    </label>
  );
  return (
    <fieldset className="billing-toggle">
      <legend className="visually-hidden">Currency shown</legend>
      {option('INR', '₹ INR')}
      {option('USD', '$ USD')}
    </fieldset>
  );
}

/** Free is reached by cancelling: the paid plan stays until its period ends (no refunds are promised or taken). */
function MoveToFreeDialog({ open, subscription, onClose }: { open: boolean; subscription: Subscription | null; onClose(): void }) {
  const plan = subscription?.plan.display_name ?? 'your plan';
  const ends = subscription?.current_period_end ? indianDate(subscription.current_period_end) : null;
  const cancelled = subscription?.status === 'cancelled';
  return (
    <Modal
      title="Move to Free"
      open={open}
      onClose={onClose}
      size="sm"
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Close
          </button>
          {cancelled ? null : (
            <Link className="button button--primary" to="/payment-management?tab=subscription">
              Manage subscription
            </Link>
          )}
        </>
      }
    >
      <div className="stack gap-3 plan-change">
        {cancelled ? (
          <p className="plan-change__ask">
            Your {plan} subscription is cancelled{ends ? `: your account moves to Free on ${ends}` : ''}.
          </p>
        ) : (
          <>
            <p className="plan-change__ask">To move to Free, cancel your {plan} subscription under Payment management.</p>
            <p className="plan-change__text">
              You keep {plan} {ends ? `until ${ends}, the end of the period you paid for` : 'until the end of the period you paid for'}; then your account is on
              Free. There is no cancellation fee.
            </p>
          </>
        )}
      </div>
    </Modal>
  );
}

function Faq({ plans }: { plans: PlanList | null }) {
  const config = usePaymentConfig();
  const items: { question: string; answer: ReactNode }[] = [
    {
      question: 'What counts as a link this month?',
      answer: (
        <p>
          Every short link you create in a calendar month counts towards that month — from the dashboard or through the API — including links you delete later.
          The count starts again on the 1st of each month (UTC).
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
          New links are refused, with a message saying so, until the 1st of next month or until your plan changes. The links you already have keep redirecting
          and counting clicks. Your dashboard warns you as you get close, and{' '}
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
          Calls made with your API key are counted per minute{plans ? ` (${rateLimitSummary(plans)} calls a minute)` : ', by plan'}. Past the limit the API
          answers <strong>429 Too Many Requests</strong> with a <code className="code-inline">Retry-After</code> header that says how many seconds to wait. The
          web app’s own requests do not count.
        </p>
      ),
    },
    {
      question: 'How do I change my plan?',
      answer: (
        <p>
          Choose a plan on this page and pay for it. A first purchase starts at once. Paying again for the plan and billing cycle you are on adds a period after
          the current one ends. Moving up to a higher plan, or from monthly to yearly billing on the same plan, starts the new plan at once and takes the unused
          part of your current period off the price. Moving down — to a cheaper plan, or from yearly to monthly billing — is not possible while a paid period
          runs, because it would throw away time you paid for: nothing renews by itself, so when the period ends your account moves to Free and you can choose
          any plan and cycle.
        </p>
      ),
    },
    {
      question: 'How can I pay?',
      answer: (
        <p>
          By UPI or card, through Razorpay’s checkout. Every payment gets a receipt you can download as a PDF under{' '}
          <Link className="text-link" to="/payment-management?tab=history">
            Payment management
          </Link>
          .{config?.mode === 'test' ? ' This Linkledger runs payments in test mode: its checkout is a local test and no real money moves.' : ''}
        </p>
      ),
    },
    {
      question: 'Can I cancel at any time?',
      answer: (
        <p>
          Yes, and there are no cancellation fees. You keep your paid plan until the end of the period you paid for; then your account moves to the Free plan
          and its limits.
        </p>
      ),
    },
    {
      question: 'What currency are the prices in?',
      answer: (
        <p>
          Indian rupees (₹){config?.gst_rate_basis_points ? `, including GST at ${gstPercent(config.gst_rate_basis_points)}` : ''}. The USD switch shows each
          figure in US dollars for reference only; payments are made in rupees. A yearly price covers twelve months; its Save badge shows how much less it is
          than twelve monthly prices.
        </p>
      ),
    },
  ];
  return (
    <TitledSection className="faq" titleId="faq-title" title="Frequently asked questions" titleClassName="faq__title">
      <div className="faq__list">
        {items.map((item) => (
          <details className="faq__item" key={item.question}>
            <summary className="faq__question">{item.question}</summary>
            <div className="faq__answer">{item.answer}</div>
          </details>
        ))}
      </div>
    </TitledSection>
  );
}
