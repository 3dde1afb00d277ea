import { useState } from 'react';
import { useLiveClicks } from '../../live/useLiveClicks.ts';

/** A count per link that grows with each live click, so its row can flash (the total itself is patched in the cache). */
export function useClickPulses(): Readonly<Record<number, number>> {
  const [pulses, setPulses] = useState<Record<number, number>>({});
  useLiveClicks((click) => setPulses((p) => ({ ...p, [click.url_id]: (p[click.url_id] ?? 0) + 1 })));
  return pulses;
}
