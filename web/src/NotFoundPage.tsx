import { SiteFooter, SiteHeader } from './landing/LandingPage.tsx';

/** Spec 1 §2, 404 screen: also what unknown and deleted short links show. */
export function NotFoundPage() {
  return (
    <>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="container not-found">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1>Page Not Found</h1>
        <p className="not-found__text">The URL you're trying to access doesn't exist.</p>
        <div className="not-found__actions">
          <button type="button" className="button button--secondary button--lg" onClick={() => window.history.back()}>
            Go Back
          </button>
          <a className="button button--primary button--lg" href="/">
            Go to Homepage
          </a>
        </div>
        <nav aria-label="Helpful links" className="not-found__links">
          <a href="/login">Login</a>
          <a href="/register">Register</a>
          <a href="/support">Support</a>
        </nav>
      </main>
      <SiteFooter />
    </>
  );
}
