import type { FastifyRequest } from 'fastify';
import { REVOKED_SESSIONS, USERS, type RevokedSessionView, type UserView } from '@linkledger/projections';
import type { Platform } from '../platform/platform.ts';
import { unauthorized } from '../commands/domain-error.ts';
import { readToken, type SessionToken } from './tokens.ts';

export const NOT_AUTHENTICATED = 'Not authenticated. Sign in and send the token as "Authorization: Bearer <token>".';
export const BAD_TOKEN = 'Your session is invalid or has expired. Please sign in again.';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * The session behind a token, or null when it is forged or expired, was signed out
 * (logout), or predates the account's last password change (a reset signs out everywhere).
 */
export async function authenticateToken(platform: Pick<Platform, 'clock' | 'read' | 'secret'>, token: string): Promise<SessionToken | null> {
  const session = readToken(platform.secret, token, platform.clock());
  if (!session) return null;
  const [revoked, user] = await Promise.all([
    platform.read.get<RevokedSessionView>(REVOKED_SESSIONS, session.jti),
    platform.read.get<UserView>(USERS, session.userId),
  ]);
  if (revoked || !user) return null;
  if (user.sessions_valid_after) {
    const validAfter = Date.parse(user.sessions_valid_after);
    // Tokens without iat_ms know only their second: the change time is compared at that precision.
    if (session.issuedAt.getTime() < (session.issuedAtPrecise ? validAfter : Math.floor(validAfter / 1000) * 1000)) return null;
  }
  // The role as it is now, not as it was when the token was issued.
  return { ...session, role: user.role };
}

/** The signed-in caller of a request; every protected route starts here, on the server. */
export async function requireCaller(platform: Pick<Platform, 'clock' | 'read' | 'secret'>, request: FastifyRequest): Promise<SessionToken> {
  const token = bearerToken(request);
  if (!token) throw unauthorized(NOT_AUTHENTICATED);
  const session = await authenticateToken(platform, token);
  if (!session) throw unauthorized(BAD_TOKEN);
  return session;
}
