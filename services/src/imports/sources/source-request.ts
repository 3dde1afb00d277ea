import type { ImportSourceName } from '@linkledger/contracts';
import type { z } from 'zod';
import { safeFetch, SafeFetchError, type SafeFetchNetwork } from '../../platform/safe-fetch.ts';
import { ImportSourceError, SOURCE_LABELS } from './import-source-error.ts';

/** One API answer at most (docs/import.md#sources): 5 MB, 20 seconds, 3 redirects. */
const ANSWER_LIMITS = { maxBytes: 5_000_000, timeoutMs: 20_000, maxRedirects: 3, accept: ['application/json'] };

/** How a source reaches its API: its name for messages, its credential's headers, and the network every request takes. */
export interface SourceClient {
  source: ImportSourceName;
  headers: Readonly<Record<string, string>>;
  network?: SafeFetchNetwork;
}

/**
 * The JSON answer at `address` read into `shape`, through the fetch guard; every way it can fail
 * becomes an ImportSourceError naming the cause. Messages never hold the address, which may
 * carry a credential (YOURLS signs its query).
 */
export async function requestJson<Shape extends z.ZodType>(client: SourceClient, address: URL, shape: Shape): Promise<z.infer<Shape>> {
  const label = SOURCE_LABELS[client.source];
  const fail = (
    reason: ConstructorParameters<typeof ImportSourceError>[1],
    message: string,
    details: ConstructorParameters<typeof ImportSourceError>[3] = {},
  ) => new ImportSourceError(client.source, reason, message, details);
  let answer: Awaited<ReturnType<typeof safeFetch>>;
  try {
    answer = await safeFetch(address.href, { ...ANSWER_LIMITS, headers: client.headers, ...(client.network ? { network: client.network } : {}) });
  } catch (error) {
    if (error instanceof SafeFetchError) throw fail(...guardRefusal(label, error));
    throw error;
  }
  const { status } = answer;
  if (status === 401 || status === 403)
    throw fail('bad_credential', `${label} refused the credential (HTTP ${status}): check that it is current and allowed to read your links.`, { status });
  if (status === 404) throw fail('not_found', `${label} has no such API at that address (HTTP 404): check the address of your ${label}.`, { status });
  if (status === 429) {
    const seconds = retryAfterSeconds(answer.headers['retry-after']);
    throw fail('rate_limited', `${label} asks us to slow down (HTTP 429)${seconds === null ? '' : `; it can be asked again in ${seconds} seconds`}.`, {
      status,
      retryAfterSeconds: seconds,
    });
  }
  if (status < 200 || status >= 300) throw fail('source_failed', `${label} answered with an error (HTTP ${status}): try again later.`, { status });
  let json: unknown;
  try {
    json = JSON.parse(answer.body.toString('utf8'));
  } catch {
    throw fail('malformed', `${label} answered with something that is not JSON: check the address of your ${label}.`);
  }
  const parsed = shape.safeParse(json);
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join('.') ?? '';
    throw fail('malformed', `${label}’s answer is not in the shape its API gives${where === '' ? '' : ` (at ${where})`}: check the address of your ${label}.`);
  }
  return parsed.data;
}

function guardRefusal(label: string, error: SafeFetchError): ['blocked_address' | 'unreachable', string] {
  switch (error.reason) {
    case 'blocked_address':
      return ['blocked_address', `That address is not allowed: it leads to a private or local network, which we never fetch from.`];
    case 'blocked_url':
    case 'not_http':
      return [
        'blocked_address',
        `That address is not allowed: we only reach http and https addresses on the usual ports (80 and 443), without a user name or password in them.`,
      ];
    case 'timed_out':
      return ['unreachable', `${label} did not answer within 20 seconds: try again later.`];
    case 'too_large':
      return ['unreachable', `${label}’s answer is larger than 5 MB, more than we read at once.`];
    case 'too_many_redirects':
      return ['unreachable', `${label} redirects more than 3 times, so we stopped following it: check its address.`];
    case 'not_accepted':
      return ['unreachable', `${label} answered with something other than JSON: check the address of your ${label}.`];
    case 'unreachable':
      return ['unreachable', `We could not reach ${label} at that address: check the address, or try again later.`];
  }
}

/** A Retry-After in seconds (its delta form; the date form is left to the caller's own back-off). */
function retryAfterSeconds(header: string | string[] | undefined): number | null {
  const value = [header].flat()[0]?.trim() ?? '';
  return /^\d{1,9}$/.test(value) ? Number(value) : null;
}

/** `path` under the API's address, whatever the person typed after the host (a trailing slash or not). */
export function apiAddress(baseUrl: string, path: string, query: Record<string, string | number | null> = {}): URL {
  const base = new URL(baseUrl);
  const address = new URL(`${base.pathname.replace(/\/+$/, '')}${path}`, base);
  for (const [name, value] of Object.entries(query)) if (value !== null) address.searchParams.set(name, String(value));
  return address;
}
