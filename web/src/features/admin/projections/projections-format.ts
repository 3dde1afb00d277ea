/* How the projections tab writes lags, rates, progress and click counts (docs/admin.md#projections). Pure, checked by projections-format.test.ts. */
import { countLabel } from '../../../format/numbers.ts';
import type { Projector, Rebuild } from './projections-api.ts';

export const PROJECTION_NAMES: Record<Projector['key'], string> = { read: 'Read model', analytics: 'Analytics' };

export const STATE_LABELS: Record<Projector['state'], string> = {
  running: 'Running',
  retrying: 'Retrying',
  stopped: 'Stopped',
  elsewhere: 'In another process',
};

/** A lag in seconds as people read it: "caught up", "0.4 s", "12 s", "3 min 5 s", "2 h 10 min". */
export function lagLabel(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return 'caught up';
  if (seconds < 10) return `${Math.round(seconds * 10) / 10} s`;
  if (seconds < 60) return `${Math.round(seconds)} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
  return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;
}

/** Events per second, or a dash when unknown here. */
export function rateLabel(perSecond: number | null): string {
  if (perSecond === null) return '—';
  return `${perSecond < 10 ? perSecond.toLocaleString('en-US', { maximumFractionDigits: 1 }) : countLabel(Math.round(perSecond))}/s`;
}

/** Whole percent done, 0–100; 0 when nothing is known yet. */
export function percentDone(done: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(100, Math.max(0, Math.floor((done / total) * 100)));
}

const PHASES: Record<NonNullable<Rebuild['phase']>, string> = {
  copying: 'Copying the log into a fresh copy',
  catching_up: 'Catching up with new events',
  swapping: 'Swapping the copy in',
};

/** One line on a rebuild: what it does now, or how it ended. */
export function rebuildLine(rebuild: Rebuild): string {
  switch (rebuild.state) {
    case 'pending':
      return 'Waiting for the process that runs the projectors to take it up.';
    case 'running':
      if (!rebuild.progress_known) return 'Running in the process that runs the projectors; its progress shows there.';
      return `${PHASES[rebuild.phase ?? 'copying']}: ${countLabel(rebuild.done)} of ${countLabel(rebuild.total)} positions · ${rateLabel(rebuild.events_per_second)}`;
    case 'done':
      return `Done: ${countLabel(rebuild.events)} events applied in ${durationLabel(rebuild.duration_ms ?? 0)}; the rebuilt copy is live.`;
    case 'failed':
      return `Failed after ${durationLabel(rebuild.duration_ms ?? 0)}: ${rebuild.error ?? 'no reason recorded'}. The live projections were left as they were.`;
  }
}

/** A duration in milliseconds: "850 ms", "12.3 s", "4 min 2 s". */
export function durationLabel(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  if (ms < 60_000) return `${(ms / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 })} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** "+1,024", "−12", "±0": how a count moved. */
export function changeLabel(before: number, after: number): string {
  const change = after - before;
  if (change === 0) return '±0';
  return `${change > 0 ? '+' : '−'}${countLabel(Math.abs(change))}`;
}

/** The patterns as the text area shows them (one per line) and back, blank lines dropped. */
export const patternsText = (patterns: readonly string[]) => patterns.join('\n');
export const patternsFrom = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
