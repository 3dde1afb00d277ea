import type { FieldChange } from '@linkledger/contracts';

/** An entity's state as the history serves it; null before the entity existed. */
export type EntityState = Record<string, unknown> | null;

/** JSON with object keys sorted, so equal values compare equal whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return value === undefined ? 'undefined' : JSON.stringify(value);
}

/**
 * The fields that differ between two states of an entity, in the order the later state
 * lists them (then those only the earlier one had). A missing state (before the entity
 * existed) has every field missing.
 */
export function diffStates(before: EntityState, after: EntityState): FieldChange[] {
  const fields = [...new Set([...Object.keys(after ?? {}), ...Object.keys(before ?? {})])];
  return fields
    .map((field) => ({ field, before: before?.[field], after: after?.[field] }))
    .filter((change) => canonical(change.before) !== canonical(change.after));
}
