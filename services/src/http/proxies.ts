import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../platform/config.ts';

/** Whether an address (at a hop of X-Forwarded-For, 0 the socket) is one of the TRUST_PROXY proxies. */
export type ProxyTrust = (address: string, hop: number) => boolean;

/** TRUST_PROXY compiled once; null when no proxy is trusted (forwarded headers are then never read). */
export function proxyTrust(config: Pick<Config, 'TRUST_PROXY'>): ProxyTrust | null {
  return config.TRUST_PROXY.length ? proxyAddr.compile(config.TRUST_PROXY) : null;
}

/**
 * The client's address: the socket's, or behind a trusted proxy the last X-Forwarded-For hop
 * that is not itself a trusted proxy (what the proxy saw; anything a client wrote before
 * that is ignored). A request from anyone else is its socket's address, whatever it claims.
 */
export function clientAddress(request: IncomingMessage, trust: ProxyTrust | null): string {
  return trust ? proxyAddr(request, trust) : (request.socket.remoteAddress ?? '');
}

/** The proxies a request must come from, compiled once per configuration: TRUST_PROXY, or with none, this machine. */
const proxiesOrLoopback = new WeakMap<Pick<Config, 'TRUST_PROXY'>, ProxyTrust>();

/** Whether the request's connection comes from a TRUST_PROXY proxy (or, with none configured, from this machine). */
export function fromTrustedProxy(request: IncomingMessage, config: Pick<Config, 'TRUST_PROXY'>): boolean {
  let trust = proxiesOrLoopback.get(config);
  if (!trust) {
    trust = proxyTrust({ TRUST_PROXY: config.TRUST_PROXY.length ? config.TRUST_PROXY : ['loopback'] })!;
    proxiesOrLoopback.set(config, trust);
  }
  return trust(request.socket.remoteAddress ?? '', 0);
}

/**
 * The scheme a request came with: a trusted proxy's X-Forwarded-Proto only when it says http
 * or https (anything else is ignored), else the connection's own.
 */
export function requestProtocol(request: FastifyRequest): 'http' | 'https' {
  const said = request.protocol;
  if (said === 'http' || said === 'https') return said;
  return (request.raw.socket as { encrypted?: boolean } | null)?.encrypted ? 'https' : 'http';
}

/**
 * The scheme of a request the server's front answers (no framework yet): a trusted proxy's
 * X-Forwarded-Proto (its last value) only when it says http or https, else the connection's own.
 */
export function connectionProtocol(request: IncomingMessage, trust: ProxyTrust | null): 'http' | 'https' {
  const own = (request.socket as { encrypted?: boolean } | null)?.encrypted ? 'https' : 'http';
  const forwarded = request.headers['x-forwarded-proto'];
  if (!trust || typeof forwarded !== 'string' || !trust(request.socket.remoteAddress ?? '', 0)) return own;
  const said = forwarded
    .slice(forwarded.lastIndexOf(',') + 1)
    .trim()
    .toLowerCase();
  return said === 'http' || said === 'https' ? said : own;
}

/**
 * The Host the client named, as it arrived: X-Forwarded-Host is never read (the proxy passes
 * Host through, as Caddy does), so no header decides the address of a link.
 */
export const requestHostHeader = (request: FastifyRequest | IncomingMessage): string => {
  const headers = 'raw' in request ? request.raw.headers : request.headers;
  return headers.host ?? '';
};
