import type { FastifyRequest } from 'fastify';
import { LINKS, type LinkView } from '@linkledger/projections';
import { invalid } from '../commands/domain-error.ts';
import { canonicalHost, ownHosts } from '../http/origins.ts';
import type { Platform } from '../platform/platform.ts';
import { isOurHost, shortLinkCodeOf } from './short-link-address.ts';
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
  const ours = isOurHost(url.hostname, hosts) || (await platform.read.count(CUSTOM_DOMAINS, { domain: canonicalHost(url.hostname), dns_verified: true })) > 0;
  const code = ours ? shortLinkCodeOf(url) : null;
  const link = code !== null ? (await platform.read.find<LinkView>(LINKS, { where: { short_code: code }, limit: 1 }))[0] : undefined;
  return { ours, shortLinkPath: code !== null, link };
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
  await refuseLoopingDestinationOn(platform, ownHosts(platform, request), destination);
}

/** Refuses a destination on one of the given hosts of ours (those a request came in on, or an import's) that names a short link. */
export async function refuseLoopingDestinationOn(platform: Pick<Platform, 'read'>, hosts: readonly string[], destination: string): Promise<void> {
  if ((await ownDestination(platform, destination, hosts)).shortLinkPath) throw invalid(DESTINATION_LOOPS);
}

/**
 * The hosts a command's control addresses are checked against (docs/links.md#setting-controls):
 * ours, and those of the given addresses that are verified custom domains, so the pure link
 * decider can tell an address that loops back.
 */
export async function hostsServingShortLinks(
  platform: Pick<Platform, 'config' | 'read'>,
  request: FastifyRequest,
  addresses: readonly string[],
): Promise<string[]> {
  const hosts = ownHosts(platform, request);
  const named = [...new Set(addresses.map((address) => canonicalHost(new URL(address).hostname)))].filter((host) => !hosts.includes(host));
  const verified = await Promise.all(
    named.map(async (host) => ((await platform.read.count(CUSTOM_DOMAINS, { domain: host, dns_verified: true })) > 0 ? [host] : [])),
  );
  return [...hosts, ...verified.flat()];
}
