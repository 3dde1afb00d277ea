import { useState } from 'react';
import type { Link } from '../../api/types.ts';
import { controlBadges } from './smart-link/control-badges.ts';

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

/** The link's smart controls at a glance (docs/links.md#smart-links): short badges, the detail in their tooltips. */
export function ControlBadges({ link }: { link: Link }) {
  // The moment the row was drawn: the list is read again on every change, so "in 3 days" stays near enough.
  const [now] = useState(() => Date.now());
  const badges = controlBadges(link, now);
  if (badges.length === 0) return null;
  return (
    <ul className="control-badges bare-list" aria-label="Smart link controls" data-testid="control-badges">
      {badges.map((badge) => (
        <li key={badge.key} className={`badge${badge.warning ? ' badge--warning' : ''}`} title={badge.detail} data-control={badge.key}>
          {badge.text}
        </li>
      ))}
    </ul>
  );
}
