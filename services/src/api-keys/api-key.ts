import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { decryptSecret, encryptSecret } from '../platform/secret-box.ts';
import { conflict } from '../commands/domain-error.ts';

/** Recognisable in logs, configs and secret scanners; the rest is 256 random bits. */
export const API_KEY_PREFIX = 'll_';
const ENCRYPTION_PURPOSE = 'api-key';

/** What the log keeps of a key: its id, its lookup hash and the owner's encrypted copy. */
export interface StoredApiKey {
  keyId: string;
  keyHash: string;
  keyEncrypted: string;
}

interface NewApiKey extends StoredApiKey {
  /** Handed to the owner once per request; never stored or logged. */
  plain: string;
}

/** SHA-256 is enough here (no slow hash): the key is random, not a guessable password. */
export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/** A new random key with its prefix: 256 random bits. */
export const randomApiKey = (prefix: string): string => `${prefix}${randomBytes(32).toString('base64url')}`;

export function mintApiKey(secret: string): NewApiKey {
  const plain = randomApiKey(API_KEY_PREFIX);
  return { plain, keyId: randomUUID(), keyHash: hashApiKey(plain), keyEncrypted: encryptSecret(secret, ENCRYPTION_PURPOSE, plain) };
}

const KEY_UNREADABLE = 'Your API key can no longer be shown because the server’s secret has changed. Regenerate it to get a new key.';

/** The owner's key in plain text, decrypted from its stored copy. */
export function revealApiKey(secret: string, keyEncrypted: string): string {
  try {
    return decryptSecret(secret, ENCRYPTION_PURPOSE, keyEncrypted);
  } catch {
    throw conflict(KEY_UNREADABLE);
  }
}
