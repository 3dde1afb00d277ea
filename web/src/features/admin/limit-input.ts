/** A user's own limit as typed in the admin form (docs/admin.md#per-user-limits). */

/** The figure that means "no limit". */
export const UNLIMITED = -1;
/** The highest figure the server takes. */
export const MAX_LIMIT = 1_000_000_000;

// The server's own refusal texts (contracts/src/http/admin.ts), so the form and the API say the same.
export const NOT_WHOLE = 'Limits must be whole numbers (-1 for unlimited)';
export const TOO_LOW = 'Limits must be -1 (unlimited) or more';
export const TOO_HIGH = 'Limits must be at most 1,000,000,000';

type LimitInput = { ok: true; value: number | null } | { ok: false; error: string };

/**
 * A typed limit as the API takes it: '' or 0 is null (the plan's own figure), -1 is
 * unlimited, else a whole number from 1 to 1,000,000,000; anything else is an error text.
 */
export function parseLimitInput(text: string): LimitInput {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: null };
  // Digits only: Number() alone would also take '1e3', '0x10' or '1.0'.
  if (!/^[+-]?\d+$/.test(trimmed)) return { ok: false, error: NOT_WHOLE };
  const value = Number(trimmed);
  if (value === 0) return { ok: true, value: null };
  if (value < UNLIMITED) return { ok: false, error: TOO_LOW };
  if (value > MAX_LIMIT) return { ok: false, error: TOO_HIGH };
  return { ok: true, value };
}

/** A stored limit as the form shows it: null (the plan's) is an empty field. */
export const limitText = (value: number | null): string => (value === null ? '' : String(value));
