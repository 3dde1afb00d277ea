/**
 * A range of days a person picks with a From and a To field (the dashboard's creation dates,
 * an analytics period): To before From is refused on the screen, before any call, in the
 * fields' own words (docs/web-app.md#date-ranges).
 */
export const REVERSED_RANGE = 'The From date must be on or before the To date.';

/** Whether both days (YYYY-MM-DD) are given and To comes before From. */
export const isReversedRange = (from: string, to: string): boolean => Boolean(from && to && from > to);
