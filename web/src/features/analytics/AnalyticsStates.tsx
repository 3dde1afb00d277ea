import { Link } from 'react-router';
import { AlertIcon, ArrowLeftIcon } from '../../ui/icons.tsx';
import { SkeletonTiles } from '../../ui/SkeletonTiles.tsx';
import { RoleNotice } from '../workspaces/index.ts';

export function BackToDashboard() {
  return (
    <Link to="/dashboard" className="back-link">
      <ArrowLeftIcon />
      Back to Dashboard
    </Link>
  );
}

/** The placeholder while the analytics load: the loaded layout's shapes, announced once. */
export function AnalyticsSkeleton() {
  return (
    <div className="analytics" aria-busy="true" data-testid="analytics-skeleton">
      <p className="visually-hidden" role="status">
        Loading analytics…
      </p>
      <BackToDashboard />
      <div className="analytics__head" aria-hidden="true">
        <span className="skeleton" style={{ width: '9rem', height: '2rem' }} />
        <span className="skeleton" style={{ width: '16rem', height: '1rem', marginTop: 'var(--space-2)' }} />
      </div>
      <SkeletonTiles className="analytics__tiles" />
      <div className="card" aria-hidden="true">
        <span className="skeleton" style={{ width: '10rem', height: '1.25rem' }} />
        <span className="skeleton analytics__chart-skeleton" />
      </div>
      <div className="analytics__pair" aria-hidden="true">
        {[0, 1].map((key) => (
          <div key={key} className="card">
            <span className="skeleton" style={{ width: '8rem', height: '1.25rem' }} />
            <span className="skeleton" style={{ height: '12rem', marginTop: 'var(--space-4)' }} />
          </div>
        ))}
      </div>
    </div>
  );
}

/** "Analytics Not Available", the reason and a way back (docs/analytics.md#when-analytics-cannot-be-shown). */
export function AnalyticsError({ message }: { message: string }) {
  return (
    <div className="analytics">
      <BackToDashboard />
      <section className="card analytics-error" role="alert" aria-labelledby="analytics-error-title">
        <span className="icon-disc tone-error analytics-error__icon" aria-hidden="true">
          <AlertIcon />
        </span>
        <h1 id="analytics-error-title" className="analytics-error__title">
          Analytics Not Available
        </h1>
        <p className="analytics-error__text">{message}</p>
        <Link to="/dashboard" className="button button--primary">
          Back to Dashboard
        </Link>
      </section>
    </div>
  );
}

/** What a role that reads no analytics (billing) sees instead of figures: nothing is asked of the server (docs/web-app.md#roles-on-screen). */
export function NoAnalyticsForRole() {
  return (
    <div className="analytics">
      <BackToDashboard />
      <RoleNotice permission="analytics:read" action="Reading analytics" />
    </div>
  );
}
