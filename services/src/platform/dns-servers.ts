import { Resolver } from 'node:dns/promises';
import { isIPv4, isIPv6 } from 'node:net';

const DEFAULT_PORT = 53;
const EXAMPLE = 'such as 127.0.0.1:5353,[::1]:53,8.8.8.8';

/**
 * Turns a DNS_SERVERS value ("127.0.0.1:5353,[::1]:53,8.8.8.8") into entries for
 * `Resolver.setServers`, always with an explicit port: "127.0.0.1:5353", "[::1]:53",
 * "8.8.8.8:53". A blank value gives [] (use the system's servers). Throws an Error
 * naming the bad entry and what to write instead.
 */
export function parseDnsServers(value: string): string[] {
  if (value.trim() === '') return [];
  return value.split(',').map((entry, index) => parseEntry(entry.trim(), index + 1));
}

function parseEntry(entry: string, position: number): string {
  const bad = (why: string) => new Error(`DNS_SERVERS entry ${position} ${why}; list IP addresses with optional ports, ${EXAMPLE}`);
  if (entry === '') throw bad('is empty (remove the extra comma)');

  let host = entry;
  let port: string | undefined;
  if (entry.startsWith('[')) {
    const match = /^\[([^\]]*)\](?::(.*))?$/.exec(entry);
    if (!match) throw bad(`"${entry}" must be an IPv6 address in brackets, optionally followed by :port`);
    host = match[1] ?? '';
    port = match[2];
    if (!isIPv6(host)) throw bad(`"${entry}" has "${host}" in brackets, which is not an IPv6 address`);
  } else if (!isIPv6(entry)) {
    // A bare IPv6 address is accepted as is; anything else splits at its only colon.
    const colon = entry.indexOf(':');
    if (colon !== -1 && entry.indexOf(':', colon + 1) !== -1) {
      throw bad(`"${entry}" is not an IP address (to give an IPv6 address a port, bracket it: [::1]:53)`);
    }
    if (colon !== -1) [host, port] = [entry.slice(0, colon), entry.slice(colon + 1)];
    // Host names are refused: looking them up would itself need a DNS server.
    if (!isIPv4(host)) throw bad(`"${entry}" does not start with an IP address (host names cannot be used)`);
  }
  const portNumber = port === undefined ? DEFAULT_PORT : parsePort(port);
  if (portNumber === undefined) throw bad(`"${entry}" has port "${port}", which is not a number from 1 to 65535`);
  return isIPv6(host) ? `[${host}]:${portNumber}` : `${host}:${portNumber}`;
}

function parsePort(text: string): number | undefined {
  if (!/^\d{1,5}$/.test(text)) return undefined;
  const port = Number(text);
  return port >= 1 && port <= 65535 ? port : undefined;
}

/**
 * A resolver of Node's own (c-ares), not the process-wide one, so DNS_SERVERS applies only
 * to domain verification. Two tries: one lost UDP packet is retried, yet a server that never
 * answers fails within 2 to 4 × timeoutMs (c-ares waits longer on the retry; measured about
 * 7 s at the default 3000 ms). A refused port fails at once with ECONNREFUSED.
 * Without servers (or with []) it uses the system's, as read from /etc/resolv.conf.
 */
export function createResolver(servers: string[] | undefined, timeoutMs = 3000): Resolver {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
  if (servers !== undefined && servers.length > 0) resolver.setServers(servers);
  return resolver;
}
