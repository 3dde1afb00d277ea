import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { addressKey } from '../throttling/rate-limit.ts';
import type { ProxyTrust } from './proxies.ts';

/**
 * How long a connection may take before the server closes it (docs: README, Running in
 * production). A client that opens a socket and sends nothing, or sends its headers a byte
 * at a time, is closed after HEADERS_TIMEOUT_MS; one idle between requests after
 * KEEP_ALIVE_TIMEOUT_MS; a request whose body never ends after REQUEST_TIMEOUT_MS. The
 * checks run every CHECK_INTERVAL_MS. A redirect on a kept-alive socket is not touched.
 */
export const HEADERS_TIMEOUT_MS = 5_000;
const KEEP_ALIVE_TIMEOUT_MS = 5_000;
export const REQUEST_TIMEOUT_MS = 30_000;
const CHECK_INTERVAL_MS = 1_000;

/**
 * Output a client leaves unread. A client that pipelines requests and reads none of the
 * answers makes them pile up in the socket's buffer: one that sends another request with
 * more than UNREAD_OUTPUT_LIMIT_BYTES unread is closed at once, and one whose unread output
 * has not shrunk for STALLED_OUTPUT_TIMEOUT_MS is closed too, so the buffers are freed.
 * A slow reader of a large answer keeps its connection while it reads.
 */
export const UNREAD_OUTPUT_LIMIT_BYTES = 1024 * 1024;
export const STALLED_OUTPUT_TIMEOUT_MS = 10_000;

interface ConnectionLimits {
  /** Open connections from one client address (an IPv6 one by its /64); 0: no cap. */
  perAddress: number;
  /** Open connections in all; 0: no cap. */
  total: number;
  trust: ProxyTrust | null;
}

/**
 * The HTTP server with those timeouts, at most `total` open connections, and at most
 * `perAddress` from one client address; the TRUST_PROXY proxies, which carry everyone's
 * requests, are not counted per address (they are in the total). A connection over either
 * cap is closed at once, before any byte is read. Unread output is bounded (above).
 */
export function limitedServer(handler: RequestListener<typeof IncomingMessage, typeof ServerResponse>, options: ConnectionLimits): Server {
  const server = createServer(
    {
      headersTimeout: HEADERS_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
      connectionsCheckingInterval: CHECK_INTERVAL_MS,
    },
    (request, response) => {
      // Another request while the answers to earlier ones lie unread: the client is not reading.
      if (request.socket.writableLength > UNREAD_OUTPUT_LIMIT_BYTES) request.socket.destroy();
      else handler(request, response);
    },
  );
  // Node closes a connection over maxConnections as soon as it is accepted.
  if (options.total > 0) server.maxConnections = options.total;
  if (options.perAddress > 0) capPerAddress(server, options.perAddress, options.trust);
  closeStalledReaders(server);
  return server;
}

/**
 * Every CHECK_INTERVAL_MS, closes the connections that have had output waiting for
 * STALLED_OUTPUT_TIMEOUT_MS without any of it going out (written minus still buffered).
 */
function closeStalledReaders(server: Server): void {
  const watched = new Map<Socket, { sent: number; since: number }>();
  const timer = setInterval(() => {
    const now = performance.now();
    for (const [socket, seen] of watched) {
      const unread = socket.writableLength;
      const sent = socket.bytesWritten - unread;
      if (unread === 0 || sent > seen.sent) watched.set(socket, { sent, since: now });
      else if (now - seen.since >= STALLED_OUTPUT_TIMEOUT_MS) socket.destroy();
    }
  }, CHECK_INTERVAL_MS);
  timer.unref();
  server.on('connection', (socket: Socket) => {
    watched.set(socket, { sent: 0, since: performance.now() });
    socket.once('close', () => watched.delete(socket));
  });
  server.once('close', () => clearInterval(timer));
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
