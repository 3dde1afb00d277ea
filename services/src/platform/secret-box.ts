import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/** A key for one purpose, derived from the installation secret (so rotating it re-keys everything). */
const keyFor = (secret: string, purpose: string) => createHmac('sha256', secret).update(`linkledger:${purpose}`).digest();

/**
 * AES-256-GCM for secrets the product must read back (a provider's client secret):
 * stored as v1.<iv>.<tag>.<ciphertext>, base64url, tamper-evident.
 */
export function encryptSecret(secret: string, purpose: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret, purpose), iv);
  const encrypted = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), encrypted].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** Throws when the value was not made by encryptSecret with the same secret and purpose. */
export function decryptSecret(secret: string, purpose: string, stored: string): string {
  const [version, iv, tag, encrypted] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || encrypted === undefined) throw new Error('Not an encrypted secret');
  const decipher = createDecipheriv('aes-256-gcm', keyFor(secret, purpose), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64url')), decipher.final()]).toString('utf8');
}

/** A stored secret as admins see it again: never whole, at most its last four characters. */
export const maskSecret = (secret: string) => '•'.repeat(8) + (secret.length >= 12 ? secret.slice(-4) : '');
