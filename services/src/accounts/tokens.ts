import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { Role } from '@linkledger/contracts';
import type { SessionToken, TokenClaims } from '../http/access.ts';

const TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

/** Times come from the platform's clock, so tests with a moved clock get tokens that agree with it. */
export function issueToken(secret: string, claims: TokenClaims, now: Date = new Date()): string {
  const iat = Math.floor(now.getTime() / 1000);
  // iat_ms: a session ended by a password change in the same second as a sign-in is told apart from it.
  return jwt.sign({ role: claims.role, iat, iat_ms: now.getTime(), exp: iat + TOKEN_LIFETIME_SECONDS }, secret, {
    algorithm: 'HS256',
    subject: String(claims.userId),
    jwtid: randomUUID(),
  });
}

/** The claims of a valid token, or null for a forged, expired or malformed one. */
export function readToken(secret: string, token: string, now: Date = new Date()): SessionToken | null {
  try {
    const payload = jwt.verify(token, secret, { algorithms: ['HS256'], clockTimestamp: Math.floor(now.getTime() / 1000) });
    if (typeof payload === 'string' || !payload.sub || !payload.jti || !payload.exp || !payload.iat) return null;
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || userId <= 0) return null;
    return {
      userId,
      role: payload['role'] as Role,
      jti: payload.jti,
      issuedAt: new Date(typeof payload['iat_ms'] === 'number' ? payload['iat_ms'] : payload.iat * 1000),
      issuedAtPrecise: typeof payload['iat_ms'] === 'number',
      expiresAt: new Date(payload.exp * 1000),
    };
  } catch {
    return null;
  }
}
