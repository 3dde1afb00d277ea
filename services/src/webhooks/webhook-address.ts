import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { invalid } from '../commands/domain-error.ts';
import { forbiddenRange } from '../platform/ip-ranges.ts';
import type { SafeFetchNetwork } from '../platform/safe-fetch.ts';

export const NOT_A_URL = 'Enter the full address deliveries go to, such as https://example.com/hooks/linkledger.';
export const HTTPS_ONLY = 'Deliveries go over https only: the address must start with https://.';
export const NO_CREDENTIALS = 'Leave the user name and password out of the address: each delivery is signed with the webhook’s secret instead.';
export const PORT_REFUSED = 'Deliveries go to the standard https port (443) only.';
export const PRIVATE_TARGET = 'This address leads to a private, local or reserved network, which deliveries may not reach: use a public address.';
export const UNRESOLVED = 'This host name does not resolve to any address: check the spelling.';

/** Loopback, private and unique-local: what WEBHOOKS_ALLOW_PRIVATE_TARGETS lets through (as safeFetch does). */
const LOCAL_RANGES = new Set(['private', 'loopback', 'uniqueLocal']);

const systemResolve: SafeFetchNetwork['resolve'] = (hostname) => lookup(hostname, { all: true, order: 'ipv4first' });

/**
 * Whether deliveries may go to this address (docs/webhooks.md#addresses), checked when a
 * webhook is saved so the form can say why; every delivery is checked again by safeFetch, its
 * host resolved anew. Throws a 400 naming `url`. With `allowPrivate`, plain http and local
 * addresses on any port pass (a receiver on this machine).
 */
export async function checkWebhookAddress(address: string, allowPrivate: boolean, network?: SafeFetchNetwork): Promise<void> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw invalid(NOT_A_URL, 'url');
  }
  const plainAllowed = allowPrivate && url.protocol === 'http:';
  if (url.protocol !== 'https:' && !plainAllowed) throw invalid(url.protocol === 'http:' ? HTTPS_ONLY : NOT_A_URL, 'url');
  if (url.username !== '' || url.password !== '') throw invalid(NO_CREDENTIALS, 'url');
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  try {
    addresses = isIP(host) !== 0 ? [host] : (await (network?.resolve ?? systemResolve)(host)).map((resolved) => resolved.address);
  } catch {
    throw invalid(UNRESOLVED, 'url');
  }
  if (addresses.length === 0) throw invalid(UNRESOLVED, 'url');
  for (const resolved of addresses) {
    const range = forbiddenRange(resolved);
    const local = range !== null && allowPrivate && LOCAL_RANGES.has(range);
    if (range !== null && !local) throw invalid(PRIVATE_TARGET, 'url');
    if (!local && url.port !== '' && url.port !== '443') throw invalid(PORT_REFUSED, 'url');
  }
}
