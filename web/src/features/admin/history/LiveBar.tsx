import { countLabel } from '../../../format/numbers.ts';
import type { HistoryEvent } from './history-api.ts';
import { newEventsLabel, type TailBuffer } from './tail-buffer.ts';
import type { TailStatus } from './useEventTail.ts';

interface LiveBarProps {
  live: boolean;
  /** False while the filters end at a time: a tail has no end. */
  canWatch: boolean;
  status: TailStatus;
  detail: string | null;
  tail: TailBuffer<HistoryEvent>;
  onStart(): void;
  onStop(): void;
  onPause(): void;
  onResume(): void;
  onReconnect(): void;
}

/** What the tail says now, for everyone and for screen readers (the status line is polite). */
function statusText({ live, canWatch, status, detail, tail }: LiveBarProps): string {
  if (!live) return canWatch ? 'Not watching: the list shows the log as it was when read.' : 'Clear the “To” time to watch the log live.';
  if (status === 'closed') return detail ?? 'The live tail was closed.';
  if (status === 'connecting') return 'Connecting to the live tail…';
  if (tail.paused) return tail.heldCount ? `Paused · ${newEventsLabel(tail.heldCount)}` : 'Paused · new events are counted here';
  return tail.shown.length ? `Live · ${newEventsLabel(tail.shown.length)} since you started watching` : 'Live · new events appear at the top';
}

/** The live tail's switch, its state, Pause/Resume and Reconnect. */
export function LiveBar(props: LiveBarProps) {
  const { live, canWatch, status, tail } = props;
  return (
    <div className={`history-live history-live--${live ? status : 'off'}`}>
      <button
        type="button"
        className="button button--secondary button--sm history-live__switch"
        aria-pressed={live}
        disabled={!live && !canWatch}
        onClick={live ? props.onStop : props.onStart}
      >
        <span className="dot history-live__dot" aria-hidden="true" />
        Live
      </button>
      <p className="history-live__status" role="status">
        {statusText(props)}
      </p>
      {live && status === 'live' ? (
        tail.paused ? (
          <button type="button" className="button button--primary button--sm" onClick={props.onResume}>
            Resume
          </button>
        ) : (
          <button type="button" className="button button--secondary button--sm" onClick={props.onPause}>
            Pause
          </button>
        )
      ) : null}
      {live && status === 'closed' ? (
        <button type="button" className="button button--primary button--sm" onClick={props.onReconnect}>
          Reconnect
        </button>
      ) : null}
      {live && tail.skipped > 0 ? (
        <p className="history-live__skipped">{countLabel(tail.skipped)} events of busy moments were left out of the tail; page through the list to see them.</p>
      ) : null}
    </div>
  );
}
