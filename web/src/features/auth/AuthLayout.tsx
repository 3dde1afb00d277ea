import type { ReactNode } from 'react';
import { ActivityIcon, GlobeIcon, HistoryIcon } from '../../ui/icons.tsx';
import './auth.css';
import { BrandHomeLink } from '../../ui/BrandHomeLink.tsx';

interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  /** A status picture above the title (the result views: success, error, waiting). */
  badge?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/**
 * The frame of every account screen: on wide screens a dark panel that says what the product
 * is, beside the card; on a phone the card alone. Uses the shared `.auth-page` / `.auth-card`.
 */
export function AuthLayout({ title, subtitle, badge, children, footer }: AuthLayoutProps) {
  return (
    <div className="auth-page auth-page--split">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <AuthAside />
      <main id="main" tabIndex={-1} className="auth-main">
        <div className="auth-card">
          <header className="auth-card__head">
            <BrandHomeLink className="auth-card__brand" />
            {badge}
            <h1 className="auth-card__title">{title}</h1>
            {subtitle ? <p className="auth-card__text">{subtitle}</p> : null}
          </header>
          {children}
          {footer ? <footer className="auth-card__foot">{footer}</footer> : null}
        </div>
      </main>
    </div>
  );
}

const POINTS = [
  { icon: <ActivityIcon />, title: 'Live click analytics', body: 'Counts change the moment someone clicks — no refresh.' },
  { icon: <HistoryIcon />, title: 'Every event on record', body: 'A replayable history of every link and every click.' },
  { icon: <GlobeIcon />, title: 'Your domains, your API', body: 'Short links on your own domain, created from your code.' },
] as const;

function AuthAside() {
  return (
    <aside className="auth-aside" aria-label="About Linkledger">
      <BrandHomeLink className="auth-aside__brand" />
      <div className="auth-aside__body">
        <p className="auth-aside__title">Short links. Live clicks. Every event on record.</p>
        <ul className="stack gap-5 auth-aside__points" role="list">
          {POINTS.map((point) => (
            <li key={point.title}>
              <span className="auth-aside__icon" aria-hidden="true">
                {point.icon}
              </span>
              <span>
                <strong>{point.title}</strong>
                <span>{point.body}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
      <p className="auth-aside__claim">Trusted by 10,000+ businesses · 50M+ clicks tracked</p>
    </aside>
  );
}

/** The tint of each result: an information is drawn in the brand's colours. */
const TONE_CLASS = { success: 'tone-success', error: 'tone-error', warning: 'tone-warning', info: 'tone-brand' } as const;

/** The round picture above a result view's title. */
export function StatusBadge({ tone, children }: { tone: keyof typeof TONE_CLASS; children: ReactNode }) {
  return (
    <span className={`icon-disc ${TONE_CLASS[tone]} status-badge`} aria-hidden="true">
      {children}
    </span>
  );
}
