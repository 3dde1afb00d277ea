/**
 * Milliseconds on a clock that never goes back: for waits and windows (rate limits,
 * throttles), never for facts recorded in events (those keep the wall clock). A wall clock
 * stepped back by NTP or an operator would otherwise hold every recent window open for the
 * length of the step (docs/architecture.md#time).
 */
export type Monotonic = () => number;

/** The process's own monotonic clock. */
export const processMonotonic: Monotonic = () => performance.now();

/**
 * A monotonic view of a wall clock: it advances as the wall clock advances and stands still
 * while it is stepped back (the time after a step back counts from the new reading). Tests
 * that move their injected clock forward thus still see windows end, and a step back ends
 * nothing early and locks no one out.
 */
export function forwardOnly(wallMs: () => number): Monotonic {
  let last = wallMs();
  let elapsed = 0;
  return () => {
    const now = wallMs();
    if (now > last) elapsed += now - last;
    last = now;
    return elapsed;
  };
}
