import './LiveMarker.css';
import { useLiveStatus } from './live.ts';

/** A quiet marker of the live connection's state. */
export function LiveMarker() {
  const status = useLiveStatus((s) => s.status);
  const text = status === 'live' ? 'Live' : status === 'connecting' ? 'Connecting…' : 'Offline';
  return (
    <span className={`live-marker live-marker--${status}`} role="status" aria-label={`Live updates: ${text}`}>
      <span className="dot live-marker__dot" aria-hidden="true" />
      {text}
    </span>
  );
}
