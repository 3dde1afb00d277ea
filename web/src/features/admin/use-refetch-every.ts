import { useEffect, useRef } from 'react';

/** How often a live admin screen (the overview's counters, the system report, the projections) is read again while shown: it follows the platform without a reload. */
export const LIVE_REFRESH_MS = 5000;

/** Re-reads a query every few seconds while the component is shown. */
export function useRefetchEvery(refetch: () => Promise<void>, ms = LIVE_REFRESH_MS) {
  // The latest refetch, so the interval runs undisturbed by re-renders.
  const latest = useRef(refetch);
  useEffect(() => {
    latest.current = refetch;
  });
  useEffect(() => {
    const timer = setInterval(() => void latest.current(), ms);
    return () => clearInterval(timer);
  }, [ms]);
}
