import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EventStore } from '@linkledger/contracts';
import type { LinkState } from '../links/index.ts';
import { cappedClicks, type CappedClickAnswers } from './click-cap.ts';
import type { LinkCache } from './link-cache.ts';
import type { LinkPasswords } from './link-password.ts';
import { answeredBySchedule } from './link-schedule.ts';
import { answerSocialCard, isPreviewCrawler } from './social-card.ts';
import { visitDestination } from './visit-destination.ts';
import { VisitFacts, type KnownVisitor, type VisitSources } from './visit-facts.ts';

/**
 * Where a visit to a link goes (docs/links.md#smart-links): its destination, or the address a
 * targeting rule or an A/B variant chose, and which one did (1-based; 0 is none), recorded on
 * the click so analytics split by rule and variant exactly.
 */
export interface VisitTarget {
  destination: string;
  rule: number;
  variant: number;
  /** What choosing it already worked out about the visitor (their country, their visitor hash), for the click to reuse. */
  known?: KnownVisitor;
}

/** A plain link's visit: its destination (with its UTM parameters, worked out when it was folded), no rule, no variant. */
export const plainTarget = (link: LinkState): VisitTarget => ({ destination: link.servedDestination, rule: 0, variant: 0 });

/** The redirect's own parts a smart-link visit uses: recording the click and answering with the redirect. */
interface VisitAnswers extends CappedClickAnswers, VisitSources {
  /** Step 3: the password page, unless the visitor gave the password (docs/links.md#password). */
  passwords: LinkPasswords;
}

/** What the steps read: the log, the cache (and the bot policy it follows), the time; and where failures go. */
interface VisitDeps {
  events: EventStore;
  cache: LinkCache;
  clock: () => Date;
  onError: (error: unknown) => void;
}

/**
 * A visit to a link that has smart controls (`link.controls` is set); plain links never come
 * here, so their redirect pays for none of this. The controls are evaluated on the cached link
 * with no I/O, in this order:
 * 1. the schedule and expiry;
 * 2. the social card, for link-preview crawlers (never a click);
 * 3. the password;
 * 4. the destination: the first targeting rule whose conditions hold, else the A/B split,
 *    else the link's own;
 * 5. the click (a capped link's clicks are counted exactly), then the redirect.
 */
export function createSmartLinkVisits(answers: VisitAnswers, deps: VisitDeps) {
  const capped = cappedClicks(answers, deps);
  /** Step 1, also ahead of a posted password: a link out of its schedule checks none, so a post tells nothing of it. */
  const outOfSchedule = (response: ServerResponse, link: LinkState): boolean =>
    link.controls !== null && answeredBySchedule(response, link.controls, deps.clock().getTime(), capped.reached(link), answers.brandOf(link));
  const visit = (request: IncomingMessage, response: ServerResponse, link: LinkState, query: string, ip: string): void => {
    // 1. The schedule and expiry.
    if (outOfSchedule(response, link)) return;
    const visit = new VisitFacts(request, ip, query, answers);
    // 2. The social card.
    if (link.controls?.og && isPreviewCrawler(visit.userAgent)) return answerSocialCard(response, link.controls.og, visit.shortUrl(), answers.brandOf(link));
    // 3. The password.
    if (answers.passwords.locks(request, response, link, answers.brandOf(link))) return;
    // 4. The destination.
    const target = visitDestination(link, visit, response);
    // 5. The click: a capped link's counted exactly.
    if (capped.recordAndRedirect(request, response, link, target, query, ip)) return;
    answers.recordAndRedirect(request, response, link, target, query, ip);
  };
  return { visit, outOfSchedule };
}
