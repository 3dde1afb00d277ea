import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Clicked, EventStore } from '@linkledger/contracts';
import { requestedTarget } from '../links/index.ts';
import type { LinkState } from '../links/index.ts';
import { clickAppend } from './click-event.ts';
import { clickSource } from './click-source.ts';
import type { HeaderClaim, HostClaim } from './domain-hosts.ts';
import type { DailySalts } from './daily-salts.ts';
import type { LinkCache } from './link-cache.ts';
import type { AddressRateLimiter } from '../throttling/rate-limit.ts';
import { clientAddress, connectionProtocol, type ProxyTrust } from '../http/proxies.ts';
import { storageRefusal } from '../http/http-errors.ts';
import { VisitorHasher, countryOf, isPrefetch, referrerHost, userAgentOf } from './visitor.ts';
import { createSmartLinkVisits, plainTarget, type VisitTarget } from './smart-link-visit.ts';
import type { LinkPasswords } from './link-password.ts';
import { textPage } from './visit-page.ts';

interface RedirectDeps {
  events: EventStore;
  cache: LinkCache;
  /** The day's random salt of visitor hashes. */
  salts: DailySalts;
  /** The TRUST_PROXY proxies, whose X-Forwarded-For names the visitor; null: the socket's address is the visitor's. */
  trustProxy: ProxyTrust | null;
  clock: () => Date;
  /** The password page, its cookie and its attempts (docs/links.md#password). */
  passwords: LinkPasswords;
  onError: (error: unknown) => void;
  /** Per-address limit on the server's front; absent when REDIRECT_RATE_PER_IP=0. */
  limiter?: AddressRateLimiter;
  /**
   * The host names that are this service (from PUBLIC_URL and ALLOWED_ORIGINS, with the
   * machine's own names); any other Host that is not a user's verified domain serves no
   * link. Null when neither is configured: then every such Host counts as ours.
   */
  ourHosts?: ReadonlySet<string> | null;
}

const TOO_MANY = Buffer.from('Too many requests from your address. Please wait a moment and try again.\n');
/**
 * A refusal is held this long before it is sent. A client that waits for each answer (as
 * HTTP/1.1 clients do) then gets at most 1000/REFUSAL_DELAY_MS refusals per second and
 * connection, instead of as many as the server can write: the flood throttles itself and
 * leaves the CPU to other visitors. The cost is one timer per refused request in flight.
 */
const REFUSAL_DELAY_MS = 250;

const SERVER_ERROR = Buffer.from('Something went wrong on our side. Please try again in a moment.\n');

const UNAVAILABLE = Buffer.from('This link is temporarily unavailable. Please try again in a moment.');

/** A click that could not be made durable (a store that cannot save): asked again, it is tried afresh. */
function unavailable(response: ServerResponse): void {
  response.writeHead(503, {
    'content-type': 'text/plain; charset=utf-8',
    'retry-after': '1',
    'cache-control': 'no-store',
    'content-length': UNAVAILABLE.length,
  });
  response.end(UNAVAILABLE);
}

/** What a link disabled by an admin answers (docs/admin.md#moderation): never its destination. */
const disabled = textPage({
  status: 410,
  title: 'This link has been disabled',
  paragraphs: ['The administrators of this service disabled this short link because it broke the terms of use. It no longer leads anywhere.'],
});

/** The 404 page of a customer domain under its workspace's brand (ours is the web app's, or `foreignHostNotFound`). */
const brandedNotFound = textPage({ status: 404, title: 'Page Not Found', paragraphs: ["The URL you're trying to access doesn't exist."] });

function redirect(response: ServerResponse, destination: string): void {
  response.writeHead(302, { location: destination, 'cache-control': 'no-store', 'content-length': 0 });
  response.end();
}

function refuse(response: ServerResponse, retryAfter: number): void {
  if (response.destroyed) return;
  response.writeHead(429, {
    'content-type': 'text/plain; charset=utf-8',
    'retry-after': String(retryAfter),
    'cache-control': 'no-store',
    'content-length': TOO_MANY.length,
  });
  response.end(TOO_MANY);
}

/**
 * Where a request is answered: our host (`host` null, no claim) or a custom domain and the
 * claim that owns it; and, for a TRAI path, the ready header it names there.
 */
type Place = { host: string | null; claim: HostClaim | null; header: HeaderClaim | null };
const OURS: Place = { host: null, claim: null, header: null };

/** The host a request names, as domains are stored: lower case, no port, no trailing dot. */
const requestHost = (request: IncomingMessage) => (request.headers.host ?? '').toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');

/**
 * The hot path, in front of the web framework: GET or HEAD /{code}. The link comes from
 * memory (a miss reads the log); the click is appended with group commit and the 302 is
 * sent once it is durable. User-agent parsing, bot checks and counting happen later, in
 * the projectors. HEAD and prefetches are answered but not recorded. Anything that is not
 * an active link goes on to the app (`next`), which shows the 404 page.
 */
export function createRedirectHandler(deps: RedirectDeps) {
  const hasher = new VisitorHasher(deps.salts);

  /** The click a visit records, as an append to the link's click stream (`expected: 'any'`). */
  const clickOf = (request: IncomingMessage, link: LinkState, target: VisitTarget, query: string, ip: string) => {
    const now = deps.clock();
    const userAgent = userAgentOf(request.headers);
    const click: Clicked = {
      link_id: link.id,
      owner_id: link.ownerId,
      link_version: link.version,
      destination: target.destination,
      country: target.known?.country ?? countryOf(ip),
      user_agent: userAgent,
      referrer: referrerHost(request.headers.referer),
      source: clickSource(query),
      visitor_hash: target.known?.visitorHash ?? hasher.hash(ip, userAgent, now),
      ...(target.rule ? { rule: target.rule } : {}),
      ...(target.variant ? { variant: target.variant } : {}),
    };
    return clickAppend(click, now);
  };
  const record = (request: IncomingMessage, link: LinkState, target: VisitTarget, query: string, ip: string) =>
    deps.events.append([clickOf(request, link, target, query, ip)]);

  /**
   * Whether a link was made under this claim (a domain claim or a header): recorded by id
   * since `LinkPlaced` exists; a link made before then belongs to the claim that held the
   * place when it was created (the same owner, added before the link).
   */
  const madeUnder = (link: LinkState, placedId: number | null, claim: { id: number; ownerId: number; addedAt: number }) =>
    placedId !== null ? placedId === claim.id : link.ownerId === claim.ownerId && link.createdAt > claim.addedAt;

  /**
   * Whether a link is served here: live (or disabled, which answers its page), on this host
   * and under this header, and made under the claim that serves them now, so a name deleted
   * and claimed again (by anyone) starts empty, and a header serves only while it is ready.
   * `place.header` is the ready header the path names, looked up once per request.
   */
  const servable = (link: LinkState | null | undefined, place: Place): link is LinkState => {
    const header = place.header?.header ?? null;
    if (!link || link.deleted || !(link.isActive || link.moderated) || link.customDomain !== place.host || link.traiHeader !== header) return false;
    if (place.header) return madeUnder(link, link.traiId, place.header) && (place.claim === null || link.domainId === null || link.domainId === place.claim.id);
    return place.claim === null || madeUnder(link, link.domainId, place.claim);
  };

  /**
   * Where a request is served: a user's verified domain (its host and the claim that owns it),
   * ours (host null), or nowhere (undefined): a domain claimed but not verified, or an unknown
   * Host when ours are known.
   */
  const servingHost = (request: IncomingMessage): Place | undefined => {
    if (deps.cache.domains.size === 0 && !deps.ourHosts) return OURS;
    const host = requestHost(request);
    const claim = deps.cache.domains.servingClaim(host);
    if (claim) return { host, claim, header: null };
    if (deps.cache.domains.stateOf(host) === 'unverified') return undefined;
    return !deps.ourHosts || deps.ourHosts.has(host) ? OURS : undefined;
  };

  /**
   * The host and, for a TRAI path, its ready header; undefined where nothing is served, so
   * nothing is looked up for a TRAI path whose header does not serve here (a page of the app, say).
   */
  const servingPlace = (request: IncomingMessage, header: string | null): Place | undefined => {
    const host = servingHost(request);
    if (host === undefined || header === null) return host;
    const ready = deps.cache.domains.servingHeader(host.claim?.id ?? null, header);
    return ready ? { ...host, header: ready } : undefined;
  };

  /** Without a durable click there is no redirect: the count must never lie. */
  const notRecorded = (response: ServerResponse, error: unknown) => {
    deps.onError(error);
    unavailable(response);
  };

  /** Records the click (not a HEAD, not a prefetch), then answers 302 to the target once it is durable. */
  const recordAndRedirect = (request: IncomingMessage, response: ServerResponse, link: LinkState, target: VisitTarget, query: string, ip: string) => {
    try {
      if (request.method === 'HEAD' || isPrefetch(request.headers)) return redirect(response, target.destination);
      record(request, link, target, query, ip)
        .then(
          () => redirect(response, target.destination),
          (error: unknown) => notRecorded(response, error),
        )
        .catch((error: unknown) => failed(response, error));
    } catch (error) {
      failed(response, error);
    }
  };

  /** The brand of the pages a link answers: its domain's workspace's, where that shows one (docs/pages.md#white-label). */
  const brandOf = (link: LinkState) => deps.cache.brands.forHost(link.customDomain, deps.clock());

  const smartLinks = createSmartLinkVisits(
    {
      brandOf,
      recordAndRedirect,
      clickOf,
      redirect,
      notRecorded,
      passwords: deps.passwords,
      clock: deps.clock,
      hashVisitor: (ip, userAgent, now) => hasher.hash(ip, userAgent, now),
      secure: (request) => connectionProtocol(request, deps.trustProxy) === 'https',
    },
    deps,
  );

  /** A link served here: a disabled one answers its page and records nothing; a smart link goes through its controls. */
  const serveLink = (request: IncomingMessage, response: ServerResponse, link: LinkState, query: string, ip = clientAddress(request, deps.trustProxy)) => {
    if (link.moderated) return disabled(response, brandOf(link));
    if (link.controls !== null) return smartLinks.visit(request, response, link, query, ip);
    recordAndRedirect(request, response, link, plainTarget(link), query, ip);
  };

  /**
   * A form posted to a link that takes a password (`form.password`, docs/links.md#password):
   * the right one goes on with the visit, which redirects and counts the click. A disabled
   * link, or one out of its schedule, answers its page and checks nothing.
   */
  const attemptPassword = (request: IncomingMessage, response: ServerResponse, link: LinkState, query: string, form: unknown, https: boolean) => {
    if (link.moderated) return disabled(response, brandOf(link));
    if (smartLinks.outOfSchedule(response, link)) return;
    const ip = clientAddress(request, deps.trustProxy);
    deps.passwords
      .attempt(request, response, link, form, { ip, https, brand: brandOf(link) }, () => serveLink(request, response, link, query, ip))
      .catch((error: unknown) => failed(response, error));
  };

  /** The server's front: redirects itself, and passes everything else on to the app. */
  const route = (request: IncomingMessage, response: ServerResponse, next: () => void): void => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    const target = requestedTarget(request.url ?? '/');
    if (!target) return next();
    const place = servingPlace(request, target.header);
    if (place === undefined) return next();
    // Before the link is looked up: a flood of unknown codes costs store reads. Over the
    // limit nothing is recorded and the framework is never reached.
    const ip = clientAddress(request, deps.trustProxy);
    const wait = deps.limiter?.take(ip);
    if (wait) {
      setTimeout(refuse, REFUSAL_DELAY_MS, response, wait);
      return;
    }
    const cached = deps.cache.peek(target.code);
    if (servable(cached, place)) return serveLink(request, response, cached, target.query, ip);
    // A code on the wrong host or under the wrong header is answered as unknown: the 404 page.
    if (cached !== undefined) return next();
    deps.cache
      .resolve(target.code)
      .then(
        (link) => (servable(link, place) ? serveLink(request, response, link, target.query, ip) : next()),
        (error: unknown) => {
          deps.onError(error);
          next();
        },
      )
      .catch((error: unknown) => failed(response, error));
  };

  /**
   * Whatever throws while a request is answered (a header Node refuses, a store that
   * breaks mid-way) fails that request with a 500 and a log line; it never reaches the
   * process, which would stop every other visitor's redirect. A disk that cannot take a
   * write (the day's salt on a full disk) is a 503: that passes by itself.
   */
  const failed = (response: ServerResponse, error: unknown) => {
    deps.onError(error);
    try {
      if (!response.headersSent && storageRefusal(error)) {
        unavailable(response);
      } else if (!response.headersSent) {
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'content-length': SERVER_ERROR.length });
        response.end(SERVER_ERROR);
      } else {
        response.destroy();
      }
    } catch {
      response.destroy();
    }
  };

  const front = (request: IncomingMessage, response: ServerResponse, next: () => void): void => {
    try {
      route(request, response, next);
    } catch (error) {
      failed(response, error);
    }
  };

  /** The link a request asks for, with its query, when it is served here (the app's copy of the front, for app.inject). */
  const linkFor = async (request: IncomingMessage): Promise<{ link: LinkState; query: string } | null> => {
    const target = requestedTarget(request.url ?? '/');
    const place = target ? servingPlace(request, target.header) : undefined;
    if (!target || place === undefined) return null;
    const link = deps.cache.peek(target.code) ?? (await deps.cache.resolve(target.code));
    return servable(link, place) ? { link, query: target.query } : null;
  };

  /**
   * Where a public page (docs/pages.md) may be answered: our host (`host` null) or a verified
   * custom domain and the workspace that owns it; undefined where nothing is served.
   */
  const visitPlace = (request: IncomingMessage): { host: string | null; workspaceId: number | null } | undefined => {
    const place = servingHost(request);
    return place && { host: place.host, workspaceId: place.claim?.ownerId ?? null };
  };

  /** The brand of the pages a request's host shows: a verified custom domain's workspace's (docs/pages.md#white-label), or null for ours. */
  const brandAt = (request: IncomingMessage) => deps.cache.brands.forHost(servingHost(request)?.host ?? null, deps.clock());

  return { front, linkFor, serveLink, attemptPassword, visitPlace, brandAt, brandedNotFound };
}
