import { parse } from 'tldts';
import { invalid } from '../commands/domain-error.ts';

/**
 * A custom domain as typed, made the one form the product stores (docs/domains.md#adding-a-domain):
 * trimmed, lower-cased, in punycode; a host name under a public suffix (`links.acme.in`,
 * `acme.co.uk`), never a scheme, a path, a port, an IP address or this service's own host.
 */
export function parseDomainName(input: string, ownHosts: readonly string[]): string {
  const typed = input.trim().toLowerCase().replace(/\.$/, '');
  if (typed === '') throw invalid('Enter a domain, such as links.example.com.');
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(typed)) throw invalid('Enter the domain without http:// or https://, such as links.example.com.');
  if (/[/?#]/.test(typed)) throw invalid('Enter the domain alone, without a path: links.example.com, not links.example.com/page.');
  if (/[\s@]/.test(typed) || typed.includes(':')) throw invalid('A domain has no spaces, @ or port: enter it as links.example.com.');
  let host: string;
  try {
    host = new URL(`http://${typed}`).hostname;
  } catch {
    throw invalid(`"${input.trim().slice(0, 100)}" is not a domain name. Enter it as links.example.com.`);
  }
  const parsed = parse(host, { allowPrivateDomains: true });
  if (parsed.isIp || /^\[.*\]$/.test(host)) throw invalid('Enter a domain name, not an IP address.');
  if (host.length > 253 || host.split('.').some((label) => label.length === 0 || label.length > 63))
    throw invalid('That domain name is too long: at most 253 characters, 63 per label.');
  if (!parsed.domain || !(parsed.isIcann || parsed.isPrivate) || parsed.hostname !== host)
    throw invalid(`${host} is not a domain you can register: use a name under a public suffix, such as links.example.com.`);
  if (ownHosts.includes(host)) throw invalid(`${host} is this service's own address; add a domain of your own.`);
  return host;
}

/** The host of a request or an origin, as domains are stored: lower-case, no port, no trailing dot. */
export const hostOf = (value: string): string => value.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
