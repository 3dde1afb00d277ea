import type { FastifyRequest } from 'fastify';
import { LINKS, type LinkView } from '@linkledger/projections';
import { invalid } from '../commands/domain-error.ts';
import { canonicalHost, isLoopbackHost, ownHosts } from '../http/origins.ts';
import type { Platform } from '../platform/platform.ts';
import { requestedCode } from './short-codes.ts';
import { RESERVED_CODES } from './custom-code.ts';
import { CUSTOM_DOMAINS } from '@linkledger/projections';

export const DESTINATION_LOOPS =
  'Destination URL points back to a short link of this service, so following it would go round in a loop. Use the address of the page itself.';

interface OwnDestination {
  /** The address is on one of this service's hosts or verified custom domains. */
  ours: boolean;
  /** Its path has the form of a short link (a code that is not one of the app's own pages). */
  shortLinkPath: boolean;
  /** The link it names, when that code is in use. */
  link: LinkView | undefined;
}

/** Whether a destination would lead back into this service, and to which short link. */
export async function ownDestination(platform: Pick<Platform, 'read'>, destination: string, hosts: readonly string[]): Promise<OwnDestination> {
  const url = new URL(destination);
  // Every spelling of a name resolves to one form first: [::ffff:127.0.0.1], 0x7f.1, LOCALHOST.
  const host = canonicalHost(url.hostname);
  const ours = hosts.includes(host) || isLoopbackHost(host) || (await platform.read.count(CUSTOM_DOMAINS, { domain: host, dns_verified: true })) > 0;
  const target = ours ? requestedCode(url.pathname) : null;
  const shortLinkPath = target !== null && !RESERVED_CODES.has(target.code.toLowerCase());
  const link = shortLinkPath ? (await platform.read.find<LinkView>(LINKS, { where: { short_code: target!.code }, limit: 1 }))[0] : undefined;
  return { ours, shortLinkPath, link };
}

/**
 * Refuses a destination that is one of our own short links (taken or not yet: a code can be
 * claimed later): a link to a link redirects in a loop, or hides where it really leads.
 */
export async function refuseLoopingDestination(
  platform: Pick<Platform, 'config' | 'read'>,
  request: FastifyRequest,
  destination: string | undefined,
): Promise<void> {
  if (destination === undefined) return;
  if ((await ownDestination(platform, destination, ownHosts(platform, request))).shortLinkPath) throw invalid(DESTINATION_LOOPS);
}
