import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { addressKey } from '../redirect/rate-limit.ts';
import type { ProxyTrust } from './proxies.ts';

/**
 * How long a connection may take before the server closes it (docs: README, Running in
 * production). A client that opens a socket and sends nothing, or sends its headers a byte
 * at a time, is closed after HEADERS_TIMEOUT_MS; one idle between requests after
 * KEEP_ALIVE_TIMEOUT_MS; a request whose body never ends after REQUEST_TIMEOUT_MS. The
 * checks run every CHECK_INTERVAL_MS. A redirect on a kept-alive socket is not touched.
 */
export const HEADERS_TIMEOUT_MS = 5_000;
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;
export const REQUEST_TIMEOUT_MS = 30_000;
const CHECK_INTERVAL_MS = 1_000;

/**
 * The HTTP server with those timeouts, and at most `perAddress` open connections from one
 * client address, an IPv6 one by its /64 (0: no cap); the TRUST_PROXY proxies, which carry everyone's requests, are
 * not counted. A connection over the cap is closed at once, before any byte is read.
 */
export function limitedServer(handler: RequestListener<typeof IncomingMessage, typeof ServerResponse>, options: { perAddress: number; trust: ProxyTrust | null }): Server {
  const server = createServer(
    { headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS, keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS, connectionsCheckingInterval: CHECK_INTERVAL_MS },
    handler,
  );
  if (options.perAddress > 0) capPerAddress(server, options.perAddress, options.trust);
  return server;
}

function capPerAddress(server: Server, perAddress: number, trust: ProxyTrust | null): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    if (!socket.remoteAddress || trust?.(socket.remoteAddress, 0)) return;
    // An IPv6 client is counted by its /64, as the redirect rate limit counts it.
    const address = addressKey(socket.remoteAddress);
    const count = (open.get(address) ?? 0) + 1;
    if (count > perAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
