import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { AnalystCredential } from './credential-state.ts';

/**
 * A keyed SHA-256 of the password: the password is 256 random bits, so no slow hash is
 * needed, and a check costs microseconds on every query. Keyed by the installation secret,
 * so the log alone cannot even confirm a guessed password.
 */
const hashAnalystSecret = (installationSecret: string, password: string) =>
  createHmac('sha256', installationSecret).update(`linkledger analyst v1:${password}`).digest('hex');

export function passwordMatches(installationSecret: string, credential: AnalystCredential, password: string): boolean {
  const given = Buffer.from(hashAnalystSecret(installationSecret, password), 'hex');
  return timingSafeEqual(given, Buffer.from(credential.secretHash, 'hex'));
}

/** A new credential, minted before deciding (randomness stays out of the decider). */
export function mintCredential(installationSecret: string): { id: string; password: string; secretHash: string } {
  const password = `lla_${randomBytes(32).toString('base64url')}`;
  return { id: randomUUID(), password, secretHash: hashAnalystSecret(installationSecret, password) };
}
