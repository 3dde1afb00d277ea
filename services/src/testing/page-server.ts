import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SafeFetchNetwork } from '../platform/safe-fetch.ts';

type PageHandler = (request: IncomingMessage, response: ServerResponse) => void;

export interface PageServer {
  /** The loopback address it listens on. */
  address: string;
  port: number;
  /** Requests the server received, by path (query included). */
  hits: string[];
  close(): Promise<void>;
}

/** A local HTTP server answering each path with its handler (else `otherwise`, else 404), for tests of the fetch guard. */
export async function startPageServer(
  pages: Record<string, PageHandler>,
  { address = '127.0.0.1', port = 0, otherwise }: { address?: string; port?: number; otherwise?: PageHandler } = {},
): Promise<PageServer> {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    hits.push(request.url ?? '');
    const page = pages[new URL(request.url ?? '/', 'http://page.test').pathname];
    if (page) page(request, response);
    else if (otherwise) otherwise(request, response);
    else response.writeHead(404, { 'content-type': 'text/html' }).end('<title>Not found</title>');
  });
  await new Promise<void>((resolve) => server.listen(port, address, resolve));
  return {
    address,
    port: (server.address() as AddressInfo).port,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A network whose names resolve as the test says (a function answers each lookup anew), and
 * where only the given local servers are exempt from the guard's rules.
 */
export function testNetwork(
  names: Record<string, string | string[] | (() => string)>,
  exemptServers: PageServer[] = [],
): SafeFetchNetwork & { lookups: string[] } {
  const lookups: string[] = [];
  return {
    lookups,
    exempt: exemptServers.map((server) => `${server.address}:${server.port}`),
    resolve: async (hostname) => {
      lookups.push(hostname);
      const answer = names[hostname];
      if (answer === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      const addresses = typeof answer === 'function' ? [answer()] : [answer].flat();
      return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    },
  };
}

/** A handler answering HTML. */
export const html =
  (body: string, headers: Record<string, string> = {}): PageHandler =>
  (_request, response) =>
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(body);
