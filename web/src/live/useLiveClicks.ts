import { useEffect, useRef } from 'react';
import { live, type LiveClick } from './live.ts';

/** Calls the handler with every live click of the signed-in user's links while mounted. */
export function useLiveClicks(handler: (click: LiveClick) => void) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => live.subscribe((click) => latest.current(click)), []);
}
