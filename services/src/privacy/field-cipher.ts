import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** How an encrypted personal field is stored in event data: an object, so no typed string can pass for one. */
interface SealedField {
  $pii: string;
}

export function isSealed(value: unknown): value is SealedField {
  return typeof value === 'object' && value !== null && typeof (value as SealedField).$pii === 'string';
}

/** What a sealed field is bound to: its user, event type and field name. */
export const contextOf = (userId: number, type: string, field: string) => `${userId}:${type}.${field}`;

/**
 * AES-256-GCM under a user's data key. The additional data names the user, the event type
 * and the field, so a sealed value copied into another event or account does not open.
 */
export function sealField(key: Buffer, context: string, plain: string): SealedField {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const encrypted = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return { $pii: `v1.${Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64')}` };
}

/** Throws when the value was not sealed with this key and context. */
export function openField(key: Buffer, context: string, sealed: SealedField): string {
  const [version, body] = sealed.$pii.split('.');
  if (version !== 'v1' || body === undefined) throw new Error('Unknown sealed field version');
  const bytes = Buffer.from(body, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}
