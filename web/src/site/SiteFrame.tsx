import './site.css';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { CloseIcon, MenuIcon } from '../ui/icons.tsx';
import { BrandHomeLink } from '../ui/BrandHomeLink.tsx';

/*
 * The public frame every visitor's page shares: skip link, site header with its menu, and
 * the footer (docs/web-app.md#landing-page).
 */
/** A visitor's page: skip link, the site header, the page itself as <main>, the site footer. */
export function SiteFrame({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className={className}>
        {children}
      </main>
      <SiteFooter />
    </>
  );
}

/* ------------------------------------------------------------------ header */

interface SiteEntry {
  label: string;
  href: string;
  /** Marked as the current page (aria-current) while it is open. */
  marksCurrent?: boolean;
  className?: string;
}

const NAV_ENTRIES: readonly SiteEntry[] = [
  { label: 'Features', href: '/#features' },
  { label: 'Pricing', href: '/pricing', marksCurrent: true },
  { label: 'Login', href: '/login' },
  { label: 'Get Started', href: '/register', className: 'button button--primary' },
];

interface SiteLinkProps {
  href: string;
  marksCurrent?: boolean | undefined;
  className?: string;
  onClick?(): void;
  children: ReactNode;
}

/** A link of the site's header or footer: a section of the landing page (`/#…`) as a plain anchor, any other page through the router. */
function SiteLink({ href, marksCurrent, className, onClick, children }: SiteLinkProps) {
  if (href.startsWith('/#')) {
    return (
      <a className={className} href={href} onClick={onClick}>
        {children}
      </a>
    );
  }
  const RouterLink = marksCurrent ? NavLink : Link;
  return (
    <RouterLink className={className} to={href} onClick={onClick}>
      {children}
    </RouterLink>
  );
}

function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        menuButton.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const closeMenu = () => setMenuOpen(false);

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <BrandHomeLink />
        <nav className="site-nav" aria-label="Main">
          <button
            ref={menuButton}
            type="button"
            className="menu-button"
            aria-label="Menu"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
          <ul id={menuId} className="site-nav__list" data-open={menuOpen} role="list">
            {NAV_ENTRIES.map((entry) => (
              <li key={entry.label}>
                <SiteLink href={entry.href} marksCurrent={entry.marksCurrent} className={entry.className ?? 'site-nav__link'} onClick={closeMenu}>
                  {entry.label}
                </SiteLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}

/* ------------------------------------------------------------------ footer */

interface FooterGroup {
  heading: string;
  // An entry without href is shown as plain text (docs/web-app.md#landing-page: these entries lead nowhere).
  entries: readonly { label: string; href?: string }[];
}

const FOOTER_GROUPS: readonly FooterGroup[] = [
  {
    heading: 'Product',
    entries: [
      { label: 'Features', href: '/#features' },
      { label: 'API', href: '/docs' },
      { label: 'Support', href: '/support' },
    ],
  },
  {
    heading: 'Company',
    entries: [{ label: 'Blog' }, { label: 'Careers' }, { label: 'Contact' }],
  },
  {
    heading: 'Legal',
    entries: [{ label: 'Privacy', href: '/privacy' }, { label: 'Terms', href: '/terms' }, { label: 'Security' }, { label: 'GDPR' }],
  },
];

const YEAR = new Date().getFullYear();

function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="site-footer__grid">
          <div className="site-footer__about">
            <BrandHomeLink />
            <p>Short links, live click analytics and a full history of every event.</p>
          </div>
          {FOOTER_GROUPS.map((group) => (
            <div key={group.heading}>
              <h2 className="footer-heading">{group.heading}</h2>
              <ul className="footer-list" role="list">
                {group.entries.map((entry) => (
                  <li key={entry.label}>{entry.href ? <SiteLink href={entry.href}>{entry.label}</SiteLink> : <span>{entry.label}</span>}</li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <div className="site-footer__bottom">
          <p>© {YEAR} Linkledger</p>
          <p>Every click, on record.</p>
        </div>
      </div>
    </footer>
  );
}
