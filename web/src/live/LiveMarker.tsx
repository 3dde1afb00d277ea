import './LiveMarker.css';
import { useLiveStatus } from './live.ts';

/** Why a live socket brings no clicks: the role in the workspace watched does not read analytics. */
const NO_LIVE_CLICKS = 'Your role in this workspace does not show click counts: only its activity updates live.';

/**
 * A quiet marker of the live connection's state. `clicks` is false where the socket brings the
 * workspace's activity but not its clicks (docs/workspaces.md#live-clicks), and the marker says so.
 */
export function LiveMarker({ clicks = true }: { clicks?: boolean }) {
  const status = useLiveStatus((s) => s.status);
  const text = status === 'live' ? (clicks ? 'Live' : 'Live: activity only') : status === 'connecting' ? 'Connecting…' : 'Offline';
  return (
    <span
      className={`live-marker live-marker--${status}`}
      role="status"
      aria-label={`Live updates: ${text}`}
      title={status === 'live' && !clicks ? NO_LIVE_CLICKS : undefined}
    >
      <span className="dot live-marker__dot" aria-hidden="true" />
      {text}
    </span>
  );
}
