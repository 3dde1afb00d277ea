import { hostname, networkInterfaces } from 'node:os';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../platform/config.ts';
import { invalid } from '../commands/domain-error.ts';

/** localhost, *.localhost, 127.0.0.0/8 and ::1 (as URL.hostname writes them, lower case). */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(name) || name === '[::1]' || name === '::1';
}

const bracketed = (address: string) => (address.includes(':') ? `[${address}]` : address);

/**
 * Every host name this server answers to: the configured origins, the listening address,
 * the machine's name and addresses, and the loopback forms. A destination on one of them
 * whose path is a short code would lead back into this service.
 */
export function ourHostNames(config: Pick<Config, 'PUBLIC_URL' | 'ALLOWED_ORIGINS' | 'HOST'>, requestHost?: string): Set<string> {
  const names = new Set(['localhost', '127.0.0.1', '[::1]', '0.0.0.0', '[::]', hostname().toLowerCase()]);
  for (const origin of [config.PUBLIC_URL, ...(config.ALLOWED_ORIGINS ?? [])]) if (origin) names.add(new URL(origin).hostname);
  if (config.HOST) names.add(bracketed(config.HOST).toLowerCase());
  for (const addresses of Object.values(networkInterfaces())) for (const { address } of addresses ?? []) names.add(bracketed(address).toLowerCase());
  if (requestHost) names.add(requestHost.toLowerCase());
  return names;
}

/** The origin a request came to, as the client named it (Host header, or the trusted proxy's); null when that is no host. */
function requestOrigin(request: FastifyRequest): string | null {
  if (/[/\\@?#\s]/.test(request.host)) return null;
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return null;
  }
}

/**
 * The origin links sent by e-mail (verification, reset, sign-in return) are built on:
 * PUBLIC_URL when set; else the request's origin if it is one of ALLOWED_ORIGINS or a
 * loopback address; else null. A Host header alone never decides where a link points.
 */
export function trustedOrigin(config: Pick<Config, 'PUBLIC_URL' | 'ALLOWED_ORIGINS'>, request: FastifyRequest): string | null {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  const origin = requestOrigin(request);
  if (origin === null) return null;
  return config.ALLOWED_ORIGINS?.includes(origin) || isLoopbackHost(new URL(origin).hostname) ? origin : null;
}

export const UNKNOWN_ORIGIN =
  'This server does not answer to the address this request was sent to, so it cannot send a link for it. Use the address of this Linkledger installation; its operator sets it with PUBLIC_URL (or ALLOWED_ORIGINS).';

/** trustedOrigin, or a 400 that says what to do. */
export function requireTrustedOrigin(config: Pick<Config, 'PUBLIC_URL' | 'ALLOWED_ORIGINS'>, request: FastifyRequest): string {
  const origin = trustedOrigin(config, request);
  if (origin === null) throw invalid(UNKNOWN_ORIGIN);
  return origin;
}
