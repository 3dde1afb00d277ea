import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { OAuthProvider } from '@linkledger/contracts';
import { oauthError } from './errors.ts';

/** How long a sign-in may take at the provider before its state is refused. */
export const STATE_LIFETIME_MS = 10 * 60 * 1000;

interface StatePayload {
  /** provider */
  p: OAuthProvider;
  /** redirect_uri the code will be sent to */
  r: string;
  /** nonce; also seeds the PKCE verifier */
  n: string;
  /** expiry, epoch ms */
  e: number;
}

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(`oauth-state:${payload}`).digest('base64url');

/** A signed, expiring state naming the provider and redirect address: forged callbacks cannot make one. */
export function createState(secret: string, provider: OAuthProvider, redirectUri: string, now: Date): { state: string; nonce: string } {
  const nonce = randomBytes(16).toString('base64url');
  const payload = Buffer.from(JSON.stringify({ p: provider, r: redirectUri, n: nonce, e: now.getTime() + STATE_LIFETIME_MS } satisfies StatePayload)).toString('base64url');
  return { state: `${payload}.${sign(secret, payload)}`, nonce };
}

/** Checks a returned state; gives its nonce and redirect address, or throws auth_failed. */
export function verifyState(secret: string, state: string | undefined, provider: OAuthProvider, now: Date): { nonce: string; redirectUri: string } {
  if (!state) throw oauthError.authFailed('the sign-in state is missing');
  const [payload, signature] = state.split('.');
  const expected = payload ? Buffer.from(sign(secret, payload)) : Buffer.alloc(0);
  if (!payload || !signature || signature.length !== expected.length || !timingSafeEqual(Buffer.from(signature), expected)) {
    throw oauthError.authFailed('the sign-in state is not one we issued');
  }
  const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as StatePayload;
  if (data.p !== provider) throw oauthError.authFailed(`the sign-in was started for ${data.p}`);
  if (now.getTime() > data.e) throw oauthError.authFailed('the sign-in took too long');
  return { nonce: data.n, redirectUri: data.r };
}

/**
 * PKCE (RFC 7636): the verifier is derived from the nonce with the installation secret, so
 * the callback can recompute it and nothing but the server ever knows it.
 */
export const pkceVerifier = (secret: string, nonce: string) => createHmac('sha256', secret).update(`pkce:${nonce}`).digest('base64url');
export const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
