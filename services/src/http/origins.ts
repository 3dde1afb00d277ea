import { hostname, networkInterfaces } from 'node:os';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../platform/config.ts';
import { invalid } from '../commands/domain-error.ts';
import { requestHostHeader, requestProtocol } from './proxies.ts';

/**
 * A host name as this server compares it: lower case, without trailing dots, and an
 * IPv4-mapped IPv6 address (`[::ffff:127.0.0.1]`, which URL writes `[::ffff:7f00:1]`) as
 * the IPv4 address it is. Decimal, hex and octal IPv4 forms are already dotted by URL.
 */
export function canonicalHost(host: string): string {
  const name = host.toLowerCase().replace(/\.+$/, '');
  const mapped = /^\[?::ffff:(?:0{1,4}:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})\]?$/.exec(name);
  if (mapped) {
    const high = parseInt(mapped[1]!, 16);
    const low = parseInt(mapped[2]!, 16);
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  const dotted = /^\[?::ffff:(?:0{1,4}:)?(\d{1,3}(?:\.\d{1,3}){3})\]?$/.exec(name);
  return dotted ? dotted[1]! : name;
}

/**
 * Names that reach this machine whatever it is called: localhost and *.localhost,
 * 127.0.0.0/8, ::1, and the "any" addresses 0.0.0.0 and :: (which connect to this machine).
 */
export function isLoopbackHost(host: string): boolean {
  const name = canonicalHost(host);
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name === 'localhost.localdomain' ||
    /^127(\.\d{1,3}){3}$/.test(name) ||
    /^0+(\.0+){3}$/.test(name) ||
    ['[::1]', '::1', '[::]', '::'].includes(name)
  );
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
  return new Set([...names].map(canonicalHost));
}

/** The origin a request came to: its scheme (a trusted proxy's, if http or https) and its Host header; null when that is no host. */
function requestOrigin(request: FastifyRequest): string | null {
  const host = requestHostHeader(request);
  if (!host || /[/\\@?#\s]/.test(host)) return null;
  try {
    const url = new URL(`${requestProtocol(request)}://${host}`);
    return url.hostname ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Whether an origin is the one the server listens on, as it said when it started
 * (`http://localhost:8080` for the 0.0.0.0 default). A request that came over no socket
 * (app.inject, in tests) is taken as sent to localhost.
 */
function listeningOriginMatches(request: FastifyRequest, origin: string): boolean {
  const url = new URL(origin);
  const address = request.server.server.address();
  const injected = (request.raw.socket as { localPort?: number } | null)?.localPort === undefined;
  if (injected || address === null || typeof address === 'string') return url.hostname === 'localhost';
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  return origin === new URL(`http://${wildcard ? 'localhost' : bracketed(address.address)}:${address.port}`).origin;
}

/**
 * The origin links sent by e-mail (verification, reset, sign-in return) are built on:
 * PUBLIC_URL when set; else the request's origin if it is one of ALLOWED_ORIGINS or the
 * address the server was started on; else null. A Host header alone never decides where a
 * link points, nor does another loopback name (127.0.0.2, [::1]: someone else's machine).
 */
export function trustedOrigin(config: Pick<Config, 'PUBLIC_URL' | 'ALLOWED_ORIGINS'>, request: FastifyRequest): string | null {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  const origin = requestOrigin(request);
  if (origin === null) return null;
  return config.ALLOWED_ORIGINS?.includes(origin) || listeningOriginMatches(request, origin) ? origin : null;
}

export const UNKNOWN_ORIGIN =
  'This server does not answer to the address this request was sent to, so it cannot send a link for it. Use the address of this Linkledger installation; its operator sets it with PUBLIC_URL (or ALLOWED_ORIGINS).';

/** trustedOrigin, or a 400 that says what to do. */
export function requireTrustedOrigin(config: Pick<Config, 'PUBLIC_URL' | 'ALLOWED_ORIGINS'>, request: FastifyRequest): string {
  const origin = trustedOrigin(config, request);
  if (origin === null) throw invalid(UNKNOWN_ORIGIN);
  return origin;
}

/** The host names that are this service: every name it answers to, and the one the caller used. */
export function ownHosts(platform: { config: Pick<Config, 'PUBLIC_URL' | 'ALLOWED_ORIGINS' | 'HOST'> }, request: FastifyRequest): string[] {
  return [...ourHostNames(platform.config, hostnameOf(requestHostHeader(request)))];
}

/** The name part of a Host header (`[::1]:8080` → `[::1]`); undefined when it is no host. */
function hostnameOf(host: string): string | undefined {
  try {
    return host ? new URL(`http://${host}`).hostname : undefined;
  } catch {
    return undefined;
  }
}
