import { lookup } from 'node:dns/promises';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { forbiddenRange } from './ip-ranges.ts';

/**
 * The one way the server fetches an address a user gave (a destination's page, later webhooks
 * and importers): docs/architecture.md#fetching-user-given-addresses. Each hop's host is
 * resolved once, every address it has is checked, and the socket connects to the checked
 * address itself, so a name that answers differently a moment later (DNS rebinding) cannot
 * slip through; each redirect is a new hop, checked the same way.
 */

type SafeFetchFailure =
  /** Not an http or https address. */
  | 'not_http'
  /** A port other than 80 and 443, or a user name or password in the address. */
  | 'blocked_url'
  /** The host is, or resolves to, an address the server must not reach (private, loopback, …). */
  | 'blocked_address'
  | 'too_large'
  | 'timed_out'
  | 'too_many_redirects'
  /** A successful answer of a media type the caller does not take. */
  | 'not_accepted'
  /** The name does not resolve, the connection or TLS failed, or the answer broke off. */
  | 'unreachable';

export class SafeFetchError extends Error {
  constructor(
    readonly reason: SafeFetchFailure,
    message: string,
    options: { cause?: unknown } = {},
  ) {
    super(message, options);
    this.name = 'SafeFetchError';
  }
}

interface ResolvedAddress {
  address: string;
  family: number;
}

/** How the guard reaches the network. */
export interface SafeFetchNetwork {
  /** Every address a host name has. */
  resolve(hostname: string): Promise<ResolvedAddress[]>;
  /**
   * For tests only, never from configuration: `address:port` pairs (a local test server) that
   * pass despite the address and port rules.
   */
  exempt?: readonly string[];
}

/** The system's resolver (hosts file included), IPv4 answers first. */
const systemNetwork: SafeFetchNetwork = { resolve: (hostname) => lookup(hostname, { all: true, order: 'ipv4first' }) };

export interface SafeFetchOptions {
  /** The most bytes of body taken (after decompression); a longer body fails as too_large. */
  maxBytes: number;
  /** For the whole fetch: every hop, and the body. */
  timeoutMs: number;
  maxRedirects: number;
  /** Media types taken, e.g. ['text/html'], or the wildcard type for any: a 2xx answer of another type fails before its body is read. */
  accept: readonly string[];
  /**
   * Request headers of the caller's own (an API's `Authorization` or `X-Api-Key`): sent to the
   * address asked for and to redirects on the same origin, never to another origin, so a
   * credential does not follow a redirect elsewhere. They cannot replace the guard's `host`.
   */
  headers?: Readonly<Record<string, string>>;
  network?: SafeFetchNetwork;
  /** A body to POST (a webhook's delivery); without one the fetch is a GET. Never sent again to a redirect. */
  post?: Buffer;
  /**
   * Private, loopback and unique-local addresses on any port pass (link-local and the rest stay
   * refused): only for a receiver on this machine, when the environment says so
   * (WEBHOOKS_ALLOW_PRIVATE_TARGETS, docs/webhooks.md#addresses).
   */
  allowPrivateTargets?: boolean;
}

interface SafeFetchResponse {
  /** The address that answered, after redirects. */
  url: string;
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const ALLOWED_PORTS = new Set([80, 443]);
/** What `allowPrivateTargets` lets through (ipaddr.js's names): a local network, never link-local or the metadata service. */
const PRIVATE_RANGES = new Set(['private', 'loopback', 'uniqueLocal']);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const USER_AGENT = 'Mozilla/5.0 (compatible; LinkledgerBot/1.0; +link preview)';

export async function safeFetch(address: string, options: SafeFetchOptions): Promise<SafeFetchResponse> {
  const network = options.network ?? systemNetwork;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), options.timeoutMs);
  try {
    let url = parseWebAddress(address);
    const origin = url.origin;
    for (let redirects = 0; ; redirects++) {
      const target = await untilAborted(checkedTarget(url, network, options.allowPrivateTargets === true), deadline.signal);
      const headers = url.origin === origin ? (options.headers ?? {}) : {};
      const post = redirects === 0 ? options.post : undefined;
      const response = await send(url, target, { accept: options.accept, headers, post }, deadline.signal);
      const location = REDIRECTS.has(response.statusCode ?? 0) ? response.headers.location : undefined;
      if (location === undefined)
        return { url: url.href, status: response.statusCode ?? 0, headers: response.headers, body: await readBody(response, options) };
      response.destroy();
      if (redirects >= options.maxRedirects) throw new SafeFetchError('too_many_redirects', `More than ${options.maxRedirects} redirects`);
      url = parseWebAddress(location, url);
    }
  } catch (error) {
    if (error instanceof SafeFetchError) throw error;
    if (deadline.signal.aborted) throw new SafeFetchError('timed_out', `No complete answer within ${options.timeoutMs} ms`, { cause: error });
    throw new SafeFetchError('unreachable', error instanceof Error ? error.message : String(error), { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

function parseWebAddress(address: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(address, base);
  } catch (error) {
    throw new SafeFetchError('not_http', 'Not a web address', { cause: error });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SafeFetchError('not_http', `Not an http(s) address: ${url.protocol}`);
  return url;
}

/** The one address this hop connects to, after every address of its host passed the rules. */
async function checkedTarget(url: URL, network: SafeFetchNetwork, allowPrivate: boolean): Promise<string> {
  if (url.username !== '' || url.password !== '') throw new SafeFetchError('blocked_url', 'Addresses with a user name or password are not fetched');
  const port = portOf(url);
  const host = hostOf(url);
  const addresses = isIP(host) !== 0 ? [host] : (await network.resolve(host)).map((resolved) => resolved.address);
  if (addresses.length === 0) throw new SafeFetchError('unreachable', `${host} has no address`);
  for (const address of addresses) {
    if (network.exempt?.includes(`${address}:${port}`)) continue;
    const range = forbiddenRange(address);
    if (allowPrivate && range !== null && PRIVATE_RANGES.has(range)) continue;
    if (range !== null) throw new SafeFetchError('blocked_address', `${host} is at ${address} (${range})`);
    if (!ALLOWED_PORTS.has(port)) throw new SafeFetchError('blocked_url', `Port ${port} is not fetched (only 80 and 443)`);
  }
  return addresses[0]!;
}

/** The caller's headers without any spelling of `host`: the guard names the host it checked. */
const withoutHost = (headers: Readonly<Record<string, string>>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'host'));

const portOf = (url: URL) => (url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port));

/** The host without the brackets of an IPv6 literal. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

interface RequestHeaders {
  accept: readonly string[];
  headers: Readonly<Record<string, string>>;
  post: Buffer | undefined;
}

function send(url: URL, address: string, { accept, headers, post }: RequestHeaders, signal: AbortSignal): Promise<IncomingMessage> {
  const host = hostOf(url);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      {
        host: address,
        port: portOf(url),
        path: `${url.pathname}${url.search}`,
        method: post === undefined ? 'GET' : 'POST',
        // Certificates are checked against the name asked for, not the address connected to.
        ...(isIP(host) === 0 ? { servername: host } : {}),
        headers: {
          accept: accept.join(', '),
          'accept-encoding': 'gzip, deflate, br',
          'user-agent': USER_AGENT,
          ...(post === undefined ? {} : { 'content-length': String(post.length) }),
          ...withoutHost(headers),
          host: url.host,
        },
        // A connection of its own: never a pooled socket to another address.
        agent: false,
        signal,
      },
      resolve,
    );
    request.on('error', reject);
    request.end(post);
  });
}

async function readBody(response: IncomingMessage, options: SafeFetchOptions): Promise<Buffer> {
  const status = response.statusCode ?? 0;
  const mediaType = (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (status >= 200 && status < 300 && !options.accept.includes('*/*') && !options.accept.includes(mediaType)) {
    response.destroy();
    throw new SafeFetchError('not_accepted', `The answer is ${mediaType || 'of no stated type'}, not ${options.accept.join(' or ')}`);
  }
  const tooLarge = () => new SafeFetchError('too_large', `The answer is larger than ${options.maxBytes} bytes`);
  if (Number(response.headers['content-length'] ?? 0) > options.maxBytes) {
    response.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of decoded(response)) {
    size += (chunk as Buffer).length;
    if (size > options.maxBytes) {
      response.destroy();
      throw tooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The body as sent before compression, counted as it is inflated (a small bomb stops at maxBytes). */
function decoded(response: IncomingMessage): Readable {
  const encoding = String(response.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : null;
  if (decoder === null) return response;
  response.on('error', (error) => decoder.destroy(error));
  return response.pipe(decoder);
}

/** A step that cannot be cancelled itself (a DNS lookup) still ends the fetch at its deadline. */
function untilAborted<T>(step: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    step.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
