import type { FastifyRequest } from 'fastify';
import { REVOKED_SESSIONS, USERS, type RevokedSessionView, type UserView } from '@linkledger/projections';
import type { Platform } from '../platform/platform.ts';
import { unauthorized } from '../commands/domain-error.ts';
import { accountRefusal } from '../http/account-status.ts';
import type { SessionToken } from '../http/access.ts';
import { readToken } from './tokens.ts';

export const NOT_AUTHENTICATED = 'Not authenticated. Sign in and send the token as "Authorization: Bearer <token>".';
export const BAD_TOKEN = 'Your session is invalid or has expired. Please sign in again.';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

type TokenDeps = Pick<Platform, 'clock' | 'read' | 'secret'>;

/**
 * The session behind a token, or why it is refused: forged or expired, signed out (logout),
 * older than the account's last password change (a reset signs out everywhere), or the
 * account is suspended or banned.
 */
export async function checkToken(platform: TokenDeps, token: string): Promise<{ session: SessionToken } | { refusal: string }> {
  const session = readToken(platform.secret, token, platform.clock());
  if (!session) return { refusal: BAD_TOKEN };
  const [revoked, user] = await Promise.all([
    platform.read.get<RevokedSessionView>(REVOKED_SESSIONS, session.jti),
    platform.read.get<UserView>(USERS, session.userId),
  ]);
  if (revoked || !user) return { refusal: BAD_TOKEN };
  // The account's own state first: a suspended, banned or deleted account is told so, whatever its token.
  const refusal = accountRefusal(user.status);
  if (refusal) return { refusal };
  // A change made from the settings keeps the session it was made from (docs/accounts.md#changing-the-password).
  if (user.sessions_valid_after && session.jti !== user.sessions_kept_jti) {
    const validAfter = Date.parse(user.sessions_valid_after);
    // Tokens without iat_ms know only their second: the change time is compared at that precision.
    if (session.issuedAt.getTime() < (session.issuedAtPrecise ? validAfter : Math.floor(validAfter / 1000) * 1000)) return { refusal: BAD_TOKEN };
  }
  // The role as it is now, not as it was when the token was issued.
  return { session: { ...session, role: user.role } };
}

/** The signed-in caller of a request; every protected route starts here, on the server. */
export async function requireCaller(platform: TokenDeps, request: FastifyRequest): Promise<SessionToken> {
  const token = bearerToken(request);
  if (!token) throw unauthorized(NOT_AUTHENTICATED);
  const checked = await checkToken(platform, token);
  if ('refusal' in checked) throw unauthorized(checked.refusal);
  return checked.session;
}
