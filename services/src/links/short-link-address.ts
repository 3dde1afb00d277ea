import { canonicalHost, isLoopbackHost } from '../http/origins.ts';
import { RESERVED_CODES } from './custom-code.ts';
import { requestedCode } from './short-codes.ts';

/** Whether a host is one of the given hosts of ours, in any spelling, or one that reaches this machine. */
export function isOurHost(hostname: string, hosts: readonly string[]): boolean {
  // Every spelling of a name resolves to one form first: [::ffff:127.0.0.1], 0x7f.1, LOCALHOST.
  const host = canonicalHost(hostname);
  return hosts.includes(host) || isLoopbackHost(host);
}

/** The short code an address's path names (taken or not yet), or null when it is one of the app's own pages. */
export function shortLinkCodeOf(url: URL): string | null {
  const target = requestedCode(url.pathname);
  return target !== null && !RESERVED_CODES.has(target.code.toLowerCase()) ? target.code : null;
}

/** Whether an address is a short link of ours (docs/links.md#destinations): following it would go round in a loop. */
export function loopsBack(address: string, hosts: readonly string[]): boolean {
  const url = new URL(address);
  return isOurHost(url.hostname, hosts) && shortLinkCodeOf(url) !== null;
}
