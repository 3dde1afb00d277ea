import type { FastifyInstance } from 'fastify';
import { ErrorBody, PreviewCardBody, PreviewCardResponse } from '@linkledger/contracts';
import { invalid, tooManyRequests, unprocessable } from '../commands/domain-error.ts';
import { routesFor } from '../http/declared-routes.ts';
import { perPlatform } from '../platform/per-platform.ts';
import type { Platform } from '../platform/platform.ts';
import { safeFetch, SafeFetchError, type SafeFetchNetwork } from '../platform/safe-fetch.ts';
import { WindowCounter } from '../throttling/window-counter.ts';
import { whenAgain } from '../throttling/when-again.ts';
import { readDestinationCard } from './destination-card.ts';
import { refuseLoopingDestination } from './loop-guard.ts';
import { CONTROL_REFUSALS } from './control-features.ts';

/** A destination's page as the card reads it: HTML only, at most 1 MB, 5 seconds and 3 redirects. */
const PAGE_LIMITS = { maxBytes: 1_000_000, timeoutMs: 5_000, maxRedirects: 3, accept: ['text/html', 'application/xhtml+xml'] };

/** Each fetch costs the server a connection to someone else's site: a person fills a few cards a minute, a script meets 429. */
const PREVIEWS_PER_USER = 30;
const PREVIEW_WINDOW_MS = 10 * 60_000;
const previewThrottle = perPlatform((platform) => new WindowCounter(PREVIEWS_PER_USER, PREVIEW_WINDOW_MS, platform.monotonic));

/** The network the fetch uses: the system's; a test sets one whose names lead to its own local server. */
export const previewNetwork = perPlatform<SafeFetchNetwork | undefined>(() => undefined);

const FILL_IT_IN = 'You can still fill in the card yourself.';
const NOT_ALLOWED = 'That address is not allowed';

/** What a person is told when the page could not be read, by the guard's reason. */
function refusalOf(error: SafeFetchError) {
  switch (error.reason) {
    case 'blocked_address':
      return invalid(`${NOT_ALLOWED}: it leads to a private or local network, which we never fetch from.`, 'url');
    case 'blocked_url':
      return invalid(`${NOT_ALLOWED}: we only fetch pages on the usual web ports (80 and 443), without a user name or password in the address.`, 'url');
    case 'not_http':
      return invalid(`${NOT_ALLOWED}: we only fetch http and https pages.`, 'url');
    case 'timed_out':
      return unprocessable(`We could not reach that page: it did not answer within 5 seconds. ${FILL_IT_IN}`, 'url');
    case 'too_large':
      return unprocessable(`That page is too large to read (over 1 MB). ${FILL_IT_IN}`, 'url');
    case 'too_many_redirects':
      return unprocessable(`That page redirects more than 3 times, so we stopped following it. ${FILL_IT_IN}`, 'url');
    case 'not_accepted':
      return unprocessable(`That address is not a web page, so it has no card to read. ${FILL_IT_IN}`, 'url');
    case 'unreachable':
      return unprocessable(`We could not reach that page. Check the address, or fill in the card yourself.`, 'url');
  }
}

/** The card a destination's own tags describe: the Create and Edit dialogs' "Fetch from destination" (docs/links.md#fetching-from-a-destination). */
export async function previewCardRoutes(app: FastifyInstance, platform: Platform) {
  // Only a plan that may set a card may have the server fetch one (docs/plans.md#feature-gate).
  const writers = routesFor(app, { access: 'user', workspace: 'links:write', feature: { key: 'social_sharing', refusal: CONTROL_REFUSALS.social_sharing } });

  writers.post('/api/links/preview-card', {
    summary: 'A social card (title, description, image) read from a page’s own meta tags, fetched by the server within strict limits',
    body: PreviewCardBody,
    response: { 200: PreviewCardResponse, 403: ErrorBody, 422: ErrorBody, 429: ErrorBody },
    handler: async ({ request, caller }) => {
      const wait = previewThrottle(platform).take(String(caller.userId));
      if (wait > 0) throw tooManyRequests(`Too many pages were fetched for cards. Please try again ${whenAgain(wait)}.`, wait);
      // One of our own short links is no destination (a visit would be recorded): refused as when it is saved.
      await refuseLoopingDestination(platform, request, request.body.url);
      const network = previewNetwork(platform);
      let page;
      try {
        page = await safeFetch(request.body.url, { ...PAGE_LIMITS, ...(network ? { network } : {}) });
      } catch (error) {
        if (error instanceof SafeFetchError) throw refusalOf(error);
        throw error;
      }
      if (page.status < 200 || page.status > 299)
        throw unprocessable(`We could not read that page: it answered with status ${page.status}. ${FILL_IT_IN}`, 'url');
      return readDestinationCard(textOf(page.body, page.headers['content-type']), page.url);
    },
  });
}

/** The body in the charset its Content-Type names, UTF-8 when it names none this runtime knows. */
function textOf(body: Buffer, contentType: string | undefined): string {
  const charset = /charset\s*=\s*"?([\w-]+)/i.exec(contentType ?? '')?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}
