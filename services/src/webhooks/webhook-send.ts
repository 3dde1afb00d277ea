import { performance } from 'node:perf_hooks';
import { WEBHOOK_SIGNATURE_HEADER, type WebhookPayload } from '@linkledger/contracts';
import { SafeFetchError, safeFetch, type SafeFetchNetwork } from '../platform/safe-fetch.ts';
import { webhookSignature } from './webhook-signature.ts';

/** How long a receiver has to answer, and how much of its answer is read and kept. */
const TIMEOUT_MS = 10_000;
const BODY_READ_MAX = 64 * 1024;
const EXCERPT_MAX = 500;

export interface SendOutcome {
  delivered: boolean;
  responseStatus: number | null;
  latencyMs: number | null;
  /** The start of the answer, or why none came back. */
  excerpt: string;
}

interface SendOptions {
  /** The wall clock's now: the signature's time. */
  now: Date;
  allowPrivate: boolean;
  network?: SafeFetchNetwork;
}

const BECAUSE: Record<SafeFetchError['reason'], string> = {
  not_http: 'Not an https address.',
  blocked_url: 'The address is refused: only the standard https port, without a user name or password.',
  blocked_address: 'The address now leads to a private, local or reserved network: not delivered.',
  too_large: 'The answer was larger than 64 KiB.',
  timed_out: `No answer within ${TIMEOUT_MS / 1000} seconds.`,
  too_many_redirects: 'The receiver answered with a redirect: deliveries do not follow redirects.',
  not_accepted: 'The answer was refused.',
  unreachable: 'The receiver could not be reached.',
};

/** Its first characters, control characters shown as spaces: what the delivery log shows of an answer. */
const excerptOf = (body: Buffer) =>
  Array.from(body.toString('utf8'))
    .slice(0, EXCERPT_MAX)
    .join('')
    .replace(/\p{Cc}/gu, ' ');

/**
 * POSTs one signed payload to a webhook's address through the one guard for user-given
 * addresses (its host resolved and checked anew each time; redirects are not followed): a
 * 2xx answer is a delivery, anything else a failure to try again.
 */
export async function sendPayload(url: string, secret: string, payload: WebhookPayload, options: SendOptions): Promise<SendOutcome> {
  const body = JSON.stringify(payload);
  const signature = webhookSignature(secret, Math.floor(options.now.getTime() / 1000), body);
  if (!options.allowPrivate && !url.startsWith('https://')) return { delivered: false, responseStatus: null, latencyMs: null, excerpt: BECAUSE.not_http };
  const started = performance.now();
  try {
    const response = await safeFetch(url, {
      post: Buffer.from(body),
      maxBytes: BODY_READ_MAX,
      timeoutMs: TIMEOUT_MS,
      maxRedirects: 0,
      accept: ['*/*'],
      headers: { 'content-type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: signature },
      allowPrivateTargets: options.allowPrivate,
      ...(options.network ? { network: options.network } : {}),
    });
    const latencyMs = Math.round(performance.now() - started);
    return { delivered: response.status >= 200 && response.status < 300, responseStatus: response.status, latencyMs, excerpt: excerptOf(response.body) };
  } catch (error) {
    const latencyMs = Math.round(performance.now() - started);
    const excerpt = error instanceof SafeFetchError ? BECAUSE[error.reason] : BECAUSE.unreachable;
    return { delivered: false, responseStatus: null, latencyMs, excerpt };
  }
}
