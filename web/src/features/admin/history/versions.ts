/** Where "state at" points: a position in the log, an ISO time, or (null) now. */
export type StateAt = number | string | null;

/** The address's `at`: digits are a position, a valid time an ISO time, anything else now. */
export function stateAtFromParam(value: string | null): StateAt {
  if (value === null || value.trim() === '') return null;
  if (/^\d+$/.test(value)) return Number(value);
  return Number.isNaN(Date.parse(value)) ? null : value;
}

/**
 * The version (index into the timeline's entries, oldest first) in force at a point: the
 * last event at or before it; -1 before the first; the last one for now.
 */
export function versionIndexAt(entries: readonly { position: number; at: string }[], at: StateAt): number {
  if (at === null) return entries.length - 1;
  const reached = (entry: { position: number; at: string }) => (typeof at === 'number' ? entry.position <= at : Date.parse(entry.at) <= Date.parse(at));
  let index = -1;
  entries.forEach((entry, i) => {
    if (reached(entry)) index = i;
  });
  return index;
}
