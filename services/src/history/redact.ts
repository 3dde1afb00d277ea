/** What a redacted value reads as. */
export const REDACTED = '[redacted]';

/**
 * Field names that hold secrets or key material in event data and entity state: password
 * hashes, key hashes and encrypted copies, encrypted provider and mail secrets, session
 * token ids (`jti`, `kept_jti`, `sessions_kept_jti`). Matched by name so a new
 * `…_encrypted`, `…_hash` or `…_jti` field is covered at once.
 */
const SECRET_FIELD = /hash(es)?$|encrypted$|secret|password|jti$/i;

/** A deep copy of a JSON value with every secret field's value replaced (docs/admin.md#event-history). */
export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) copy[key] = SECRET_FIELD.test(key) && field !== null && field !== '' ? REDACTED : redactSecrets(field);
  return copy;
}
