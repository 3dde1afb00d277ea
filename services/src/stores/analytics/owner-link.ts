import { createHmac, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';

/**
 * How an API process finds the process that owns embedded analytics (chDB opens a data
 * directory in one process only): the owner listens on loopback and writes its address
 * here; callers prove they share the installation with a token derived from its secret.
 */
export const ownerFile = (dataDir: string) => join(dataDir, 'analytics-owner.json');

export interface OwnerAddress {
  url: string;
  pid: number;
}

export const TOKEN_HEADER = 'x-linkledger-analytics-token';

/** A token for the owner's endpoint: an HMAC of the installation secret, never the secret itself. */
export const ownerToken = (secret: string) => createHmac('sha256', secret).update('linkledger analytics owner v1').digest('hex');

export function tokenMatches(secret: string, presented: string | string[] | undefined): boolean {
  if (typeof presented !== 'string') return false;
  const expected = Buffer.from(ownerToken(secret));
  const given = Buffer.from(presented);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Only reads go through the owner's endpoint: clicks are written by the owner's own projector. */
export const READ_ONLY_SQL = /^\s*(SELECT|WITH)\b/i;
