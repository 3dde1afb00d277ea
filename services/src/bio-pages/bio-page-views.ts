import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { DEFAULT_CLASSIFIER } from '@linkledger/projections';
import { domainEventOf, type DomainEvent } from '@linkledger/contracts';
import { toNewEvent } from '../commands/command-context.ts';
import { clientAddress, proxyTrust } from '../http/proxies.ts';
import type { Platform } from '../platform/platform.ts';
import { DailySalts, VisitorHasher, countryOf, isPrefetch, referrerHost, userAgentOf, visitorSaltsFolder } from '../redirect/index.ts';
import { bioViewsStream } from './bio-page-state.ts';

/** One hasher per platform: the salts' folder is its data directory's, as the redirects' is. */
const hashers = new WeakMap<Platform, VisitorHasher>();
const hasherOf = (platform: Platform) => {
  let hasher = hashers.get(platform);
  if (!hasher) hashers.set(platform, (hasher = new VisitorHasher(new DailySalts(visitorSaltsFolder(platform.config.DATA_DIR)))));
  return hasher;
};

/**
 * Records a visitor's view of a page as a click is recorded (docs/pages.md#link-in-bio-pages):
 * the day's visitor hash, the country, the user agent and the referrer's host, never the
 * address. A HEAD or a browser's prefetch is no view and records nothing.
 */
export async function recordView(platform: Platform, request: FastifyRequest, page: { pageId: number; workspaceId: number }): Promise<void> {
  if (request.method !== 'GET' || isPrefetch(request.headers)) return;
  const now = platform.clock();
  const ip = clientAddress(request.raw, proxyTrust(platform.config));
  const userAgent = userAgentOf(request.headers);
  const visitorHash = hasherOf(platform).hash(ip, userAgent, now);
  const view: DomainEvent = {
    type: 'BioPageViewed',
    data: {
      page_id: page.pageId,
      workspace_id: page.workspaceId,
      country: countryOf(ip),
      user_agent: userAgent,
      referrer: referrerHost(request.headers.referer),
      visitor_hash: visitorHash,
    },
  };
  const id = randomUUID();
  const metadata = { actor: { kind: 'visitor' as const, id: visitorHash }, correlation_id: id, causation_id: id, at: now.toISOString() };
  await platform.events.append([{ stream: bioViewsStream(page.pageId), expected: 'any', events: [toNewEvent(view, metadata)] }]);
}

/** A page's human views since a time (null: all): per UTC day, in total, and by distinct visitor hash. Bots are never counted. */
export async function viewsOf(platform: Pick<Platform, 'events'>, pageId: number, since: Date | null) {
  const byDay = new Map<string, number>();
  const visitors = new Set<string>();
  let total = 0;
  for (const recorded of await platform.events.readStream(bioViewsStream(pageId))) {
    if (recorded.type !== 'BioPageViewed' || (since && recorded.metadata.at < since.toISOString())) continue;
    const view = domainEventOf(recorded);
    if (view?.type !== 'BioPageViewed' || DEFAULT_CLASSIFIER.isBot(view.data.user_agent)) continue;
    total += 1;
    visitors.add(view.data.visitor_hash);
    const day = recorded.metadata.at.slice(0, 10);
    byDay.set(day, (byDay.get(day) ?? 0) + 1);
  }
  const views_by_date = [...byDay].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, views]) => ({ date, views }));
  return { total_views: total, unique_visitors: visitors.size, views_by_date };
}
