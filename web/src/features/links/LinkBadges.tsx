import type { Link } from '../../api/types.ts';

/** Where the link came from: the dashboard (Manual) or the API. */
export function ViaBadge({ link }: { link: Link }) {
  return link.created_via === 'api' ? <span className="badge badge--info">API</span> : <span className="badge">Manual</span>;
}

export function StatusBadge({ link }: { link: Link }) {
  return link.is_active ? (
    <span className="badge badge--success">
      <span className="status-dot" aria-hidden="true" />
      Active
    </span>
  ) : (
    <span className="badge badge--warning">
      <span className="status-dot" aria-hidden="true" />
      Inactive
    </span>
  );
}

/** The click count; `pulse` changes when a live click arrives, replaying a short highlight. */
export function ClickCount({ link, pulse }: { link: Link; pulse: number | undefined }) {
  return (
    <span key={pulse ?? 0} className={`click-count${pulse ? ' live-bump' : ''}`} data-testid="click-count">
      {link.total_clicks.toLocaleString('en-US')}
    </span>
  );
}
