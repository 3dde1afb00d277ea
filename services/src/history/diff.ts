import type { FieldChange } from '@linkledger/contracts';

/** Nested objects as `a.b` paths to their leaves (arrays count as one value). */
function flatten(value: Record<string, unknown> | null, prefix = '', into = new Map<string, unknown>()): Map<string, unknown> {
  for (const [key, field] of Object.entries(value ?? {})) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (field !== null && typeof field === 'object' && !Array.isArray(field)) flatten(field as Record<string, unknown>, path, into);
    else into.set(path, field);
  }
  return into;
}

/**
 * The field-level difference between two versions of an entity: every path whose value
 * differs, with null for a side where it is absent (docs/admin.md#entity-timeline).
 */
export function diffStates(before: Record<string, unknown> | null, after: Record<string, unknown> | null): FieldChange[] {
  const old = flatten(before);
  const now = flatten(after);
  const changes: FieldChange[] = [];
  for (const field of new Set([...old.keys(), ...now.keys()])) {
    const a = old.get(field) ?? null;
    const b = now.get(field) ?? null;
    if (JSON.stringify(a) !== JSON.stringify(b)) changes.push({ field, before: a, after: b });
  }
  return changes;
}
