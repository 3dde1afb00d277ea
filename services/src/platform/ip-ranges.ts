import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** ::/96, IPv4-compatible IPv6 (deprecated): ipaddr.js calls it unicast, yet it names an IPv4 address. */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/**
 * Why the server must not connect to an IP address, or null when it may: only public unicast
 * addresses are allowed (docs/architecture.md#fetching-user-given-addresses). Refused: private,
 * loopback, link-local (the cloud metadata service at 169.254.169.254 among them), unique-local,
 * multicast, broadcast, unspecified, CGNAT, reserved and documentation ranges, and the IPv6 forms
 * that carry an IPv4 address (mapped, compatible, NAT64, 6to4, Teredo), since those could lead
 * to any of the others. An IPv4-mapped address is judged as the IPv4 address it maps.
 */
export function forbiddenRange(address: string): string | null {
  // Node's own test first: ipaddr.js also takes spellings such as 0x7f.1 that no resolver answers.
  if (isIP(address) === 0 || !ipaddr.isValid(address)) return 'not an IP address';
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (range !== 'unicast') return range;
  return parsed.kind() === 'ipv6' && parsed.match(IPV4_COMPATIBLE) ? 'ipv4Compatible' : null;
}
