import jwt from 'jsonwebtoken';
import type { Role } from '@linkledger/contracts';

export interface TokenClaims {
  userId: number;
  role: Role;
}

const TOKEN_LIFETIME = '7d';

export function issueToken(secret: string, claims: TokenClaims): string {
  return jwt.sign({ role: claims.role }, secret, { algorithm: 'HS256', subject: String(claims.userId), expiresIn: TOKEN_LIFETIME });
}

/** The claims of a valid token, or null for a forged, expired or malformed one. */
export function readToken(secret: string, token: string): TokenClaims | null {
  try {
    const payload = jwt.verify(token, secret, { algorithms: ['HS256'] });
    if (typeof payload === 'string' || !payload.sub) return null;
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || userId <= 0) return null;
    return { userId, role: payload['role'] as Role };
  } catch {
    return null;
  }
}
