import './landing.css';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePlanCatalogue, chooseLabel, PlanCards } from '../features/billing/index.ts';
import { ActivityIcon, CodeIcon, GlobeIcon, HistoryIcon, LayersIcon, LinkIcon, ReplayIcon } from '../ui/icons.tsx';
import { TitledSection } from '../ui/TitledSection.tsx';
import { SiteFrame } from './SiteFrame.tsx';

/*
 * The public landing page (docs/web-app.md#landing-page).
 *
 * Login / Get Started are router links. Prices and plan figures are never written here:
 * the pricing section reads them from the plan catalogue (GET /api/subscription/plans), so
 * the landing page, the register note and the limit checks cannot disagree.
 */

export function LandingPage() {
  return (
    <SiteFrame>
      <Hero />
      <Claims />
      <Features />
      <Pricing />
      <CallToAction />
    </SiteFrame>
  );
}

/* ---------------------------------------------------------------- sections */

interface LandingSectionProps {
  id?: string;
  className: string;
  /** The id of the section's heading, which names it. */
  titleId: string;
  /** Added to the page-wide `container` the content sits in. */
  containerClassName?: string;
  children: ReactNode;
}

/** A band of the landing page: a section named by its heading, its content in the page-wide container. */
function LandingSection({ id, className, titleId, containerClassName, children }: LandingSectionProps) {
  return (
    <section id={id} className={className} aria-labelledby={titleId}>
      <div className={containerClassName ? `container ${containerClassName}` : 'container'}>{children}</div>
    </section>
  );
}

/** The heads of the bands that introduce a part of the product, by the band's id (its anchor: /#features). */
const PRODUCT_SECTION_HEADS = {
  features: {
    eyebrow: 'Features',
    title: 'Everything a link needs — and a record of everything it did',
    lead: 'Linkledger keeps the raw facts of every link and every click, so today’s dashboard and tomorrow’s questions are answered from the same history.',
  },
  pricing: {
    eyebrow: 'Pricing',
    title: 'Simple plans that grow with your links',
    lead: 'Start free, no credit card required. Move up when you need more links, your own domains or the API.',
  },
};

/** A band that introduces a part of the product: its head (an eyebrow, the heading, a lead paragraph), then the content. */
function ProductSection({ id, children }: { id: keyof typeof PRODUCT_SECTION_HEADS; children: ReactNode }) {
  const head = PRODUCT_SECTION_HEADS[id];
  return (
    <LandingSection id={id} className={`section ${id}`} titleId={`${id}-title`}>
      <div className="section-head">
        <p className="eyebrow">{head.eyebrow}</p>
        <h2 id={`${id}-title`}>{head.title}</h2>
        <p>{head.lead}</p>
      </div>
      {children}
    </LandingSection>
  );
}

/* -------------------------------------------------------------------- hero */

function Hero() {
  return (
    <LandingSection className="hero" titleId="hero-title" containerClassName="hero__grid">
      <div className="hero__copy">
        <p className="eyebrow">
          <span className="live-dot" aria-hidden="true" />
          Short links with a memory
        </p>
        <h1 id="hero-title">
          <span>Short links.</span> <span>Live clicks.</span> <span className="hero__title-accent">Every event on record.</span>
        </h1>
        <p className="hero__lead">
          Linkledger turns long URLs into short links, shows each click the moment it happens — where it came from and how people engage — and keeps a full,
          replayable history of everything that ever happened to every link.
        </p>
        <div className="cluster gap-3 hero__actions">
          <Link className="button button--primary button--lg" to="/register">
            Get Started
          </Link>
          <a className="button button--secondary button--lg" href="/#features">
            Explore features
          </a>
        </div>
      </div>
      <LedgerPreview />
    </LandingSection>
  );
}

const SPARKLINE = [3, 5, 4, 6, 8, 7, 9, 6, 8, 11, 10, 13, 12, 15, 14, 18, 16, 21, 19, 24];

interface LedgerRow {
  position: number;
  type: 'Clicked' | 'LinkUpdated' | 'LinkCreated';
  detail: string;
  time: string;
}

const LEDGER_ROWS: readonly LedgerRow[] = [
  { position: 20931, type: 'Clicked', detail: 'IN · QR code', time: '12:04:31' },
  { position: 20930, type: 'Clicked', detail: 'DE · newsletter', time: '12:04:29' },
  { position: 20927, type: 'Clicked', detail: 'US · direct', time: '12:04:26' },
  { position: 20874, type: 'LinkUpdated', detail: 'new destination', time: '11:58:02' },
  { position: 19302, type: 'LinkCreated', detail: '/spring-sale', time: '09:15:40' },
];

/** A decorative picture of the product: a live link and the events behind it. */
function LedgerPreview() {
  const max = Math.max(...SPARKLINE);
  return (
    <div className="ledger" aria-hidden="true">
      <div className="cluster cluster--between cluster--nowrap gap-3 ledger__top">
        <div className="ledger__link">
          <LinkIcon />
          <span>go.yourbrand.com/spring-sale</span>
        </div>
        <span className="live-badge">
          <span className="live-dot" />
          Live
        </span>
      </div>

      <div className="ledger__total">
        <span className="big-figure ledger__count">2,418</span>
        <span className="ledger__count-label">human clicks</span>
        <span className="ledger__delta">+3 just now</span>
      </div>

      <svg className="sparkline" viewBox={`0 0 ${SPARKLINE.length * 12} 48`} preserveAspectRatio="none" focusable="false">
        {SPARKLINE.map((value, index) => (
          <rect
            key={index}
            x={index * 12 + 2}
            y={48 - (value / max) * 46}
            width={8}
            height={(value / max) * 46}
            rx={2}
            opacity={index === SPARKLINE.length - 1 ? 1 : 0.35 + (index / SPARKLINE.length) * 0.5}
          />
        ))}
      </svg>

      <div className="ledger__log-head">
        <span>Event log · example</span>
        <span>position</span>
      </div>
      <ul className="ledger__rows" role="list">
        {LEDGER_ROWS.map((row, index) => (
          <li key={row.position} className={index === 0 ? 'ledger__row ledger__row--new' : 'ledger__row'}>
            <span className={row.type === 'Clicked' ? 'ledger__type' : 'ledger__type ledger__type--link'}>{row.type}</span>
            <span className="ledger__detail">{row.detail}</span>
            <span className="ledger__time">{row.time}</span>
            <span className="ledger__pos">#{row.position}</span>
          </li>
        ))}
      </ul>
      <div className="ledger__replay">
        <ReplayIcon />
        Replay from position 0 to rebuild any report
      </div>
    </div>
  );
}

/* ------------------------------------------------------------------ claims */

// The marketing claims exactly as docs/web-app.md#landing-page lists them — no more, no others.
const CLAIMS = [
  { value: '10,000+', label: 'businesses trust Linkledger' },
  { value: '1M+', label: 'links created' },
  { value: '50M+', label: 'clicks tracked' },
  { value: '99.9%', label: 'uptime' },
] as const;

function Claims() {
  return (
    <TitledSection className="claims" titleId="claims-title" title="Linkledger in numbers" titleClassName="visually-hidden">
      <dl className="container claims__list">
        {CLAIMS.map((claim) => (
          <div className="claims__item" key={claim.label}>
            <dt>{claim.label}</dt>
            <dd>{claim.value}</dd>
          </div>
        ))}
      </dl>
    </TitledSection>
  );
}

/* ---------------------------------------------------------------- features */

interface Feature {
  title: string;
  body: string;
  icon: ReactNode;
}

const FEATURES: readonly Feature[] = [
  {
    title: 'Short links',
    body: 'Paste a long URL and get a short link in one step — on the default short domain, on your own domain, or under a path that carries your TRAI sender header.',
    icon: <LinkIcon />,
  },
  {
    title: 'Live click analytics',
    body: 'Watch clicks arrive as they happen. See how many, where they come from and how people engage — counted as human clicks, with bots left out.',
    icon: <ActivityIcon />,
  },
  {
    title: 'A full, replayable history',
    body: 'Every link change and every click is recorded as an event in an append-only log. Replay it to rebuild any report or to see exactly what happened, and when.',
    icon: <HistoryIcon />,
  },
  {
    title: 'An API with your key',
    body: 'Create links, list them and read their analytics from your own code with your personal API key, backed by interactive API documentation.',
    icon: <CodeIcon />,
  },
  {
    title: 'Custom domains',
    body: 'Serve short links from a domain you own. Add it, verify it, and links on it resolve just like links on the default domain.',
    icon: <GlobeIcon />,
  },
  {
    title: 'Plans that grow with you',
    body: 'Free, Pro and Enterprise. Start on Free and change plan whenever your links, domains or team need more room.',
    icon: <LayersIcon />,
  },
];

function Features() {
  return (
    <ProductSection id="features">
      <ul className="feature-grid" role="list">
        {FEATURES.map((feature) => (
          <li className="feature-card" key={feature.title}>
            <span className="icon-disc icon-disc--square feature-card__icon" aria-hidden="true">
              {feature.icon}
            </span>
            <h3>{feature.title}</h3>
            <p>{feature.body}</p>
          </li>
        ))}
      </ul>
    </ProductSection>
  );
}

/* ----------------------------------------------------------------- pricing */

function Pricing() {
  const { catalogue } = usePlanCatalogue();
  return (
    <ProductSection id="pricing">
      {/* On the landing page every plan button goes to /register (docs/web-app.md#landing-page). */}
      <PlanCards
        catalogue={catalogue}
        action={(plan) => ({ kind: 'link', to: '/register', label: chooseLabel(plan) })}
        failed={
          <div className="pricing-failed">
            <p>Our plans could not be loaded just now. Every account starts on the Free plan.</p>
            <Link className="button button--primary button--lg" to="/register">
              Get Started
            </Link>
          </div>
        }
      />
    </ProductSection>
  );
}

/* --------------------------------------------------------- call to action */

function CallToAction() {
  return (
    <LandingSection className="cta" titleId="cta-title">
      <div className="cta__panel">
        <h2 id="cta-title">Give your next link a memory.</h2>
        <p>Create an account, shorten a link and watch its first click arrive.</p>
        <div className="cta__actions">
          <Link className="button button--on-dark button--lg" to="/register">
            Get Started
          </Link>
          <Link className="cta__login" to="/login">
            Already have an account? Log in
          </Link>
        </div>
      </div>
    </LandingSection>
  );
}
