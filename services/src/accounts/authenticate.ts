import type { FastifyRequest } from 'fastify';
import type { Role } from '@linkledger/contracts';
import type { Platform } from '../platform/platform.ts';
import { unauthorized } from '../platform/http-errors.ts';
import { readToken } from './tokens.ts';

export interface Caller {
  userId: number;
  role: Role;
}

export const NOT_AUTHENTICATED = 'Not authenticated. Sign in and send the token as "Authorization: Bearer <token>".';
export const BAD_TOKEN = 'Your session is invalid or has expired. Please sign in again.';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** The signed-in caller of a request; every protected route starts here, on the server. */
export async function requireCaller(platform: Platform, request: FastifyRequest): Promise<Caller> {
  const token = bearerToken(request);
  if (!token) throw unauthorized(NOT_AUTHENTICATED);
  const claims = readToken(platform.secret, token);
  if (!claims) throw unauthorized(BAD_TOKEN);
  return claims;
}
