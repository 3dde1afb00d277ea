import { useEffect, useRef } from 'react';
import { live, type LiveActivity } from './live.ts';

/** Calls the handler with every new activity entry of the watched workspace while mounted. */
export function useLiveActivity(handler: (activity: LiveActivity) => void) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => live.subscribeActivity((activity) => latest.current(activity)), []);
}
