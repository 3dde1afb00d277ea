import { randomUUID } from 'node:crypto';
import { hashApiKey, randomApiKey } from './api-key.ts';

/**
 * A workspace key's prefix: an account's key starts `ll_`, so no key has both and a
 * request's key is looked up among one kind only.
 */
export const WORKSPACE_KEY_PREFIX = 'llw_';

/** A new workspace key: handed to its creator once; only its hash and last four characters are kept. */
export function mintWorkspaceKey() {
  const plain = randomApiKey(WORKSPACE_KEY_PREFIX);
  return { plain, keyId: randomUUID(), keyHash: hashApiKey(plain), lastFour: plain.slice(-4) };
}
