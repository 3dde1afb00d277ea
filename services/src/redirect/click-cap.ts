import type { IncomingMessage, ServerResponse } from 'node:http';
import { WrongExpectedRevisionError, domainEventOf, type Clicked, type EventStore, type StreamAppend } from '@linkledger/contracts';
import type { BotClassifier } from '@linkledger/projections';
import { recordLinkExpired, type LinkState } from '../links/index.ts';
import type { VisitorBrand } from '../platform/visitor-brand-port.ts';
import type { LinkCache } from './link-cache.ts';
import { answerOutOfSchedule } from './link-schedule.ts';
import type { VisitTarget } from './smart-link-visit.ts';
import { isPrefetch } from './visitor.ts';

/** What this process knows of one capped link's click stream: up to which revision, and how many human clicks it holds. */
interface CapCount {
  /** The stream's last revision read or written here; null: the stream had no event yet; undefined: not read yet. */
  revision: number | null | undefined;
  humans: number;
  /** The policy the count was made with: a new bot policy starts a new count. */
  classifier: BotClassifier;
  /** This process's clicks on the link, one after another. */
  queue: Promise<unknown>;
}

/** Beyond this many links counted, the counts start afresh (each is read again from its stream on its next click). */
const MAX_COUNTED = 100_000;
/** Lost races in a row before a click gives up (a 503, asked again): every loss means others' clicks were recorded meanwhile. */
const MAX_RACES = 25;

/**
 * Exact expiry by clicks (docs/links.md#schedule-and-expiry). The link's click stream is the
 * counter: a capped link's human click is appended expecting the stream's revision this
 * process last saw, so the append succeeds only if the count it was checked against is the
 * count in the log. Another process that clicked meanwhile makes it fail; the stream's tail is
 * then read and counted, and the click tried again, or refused once the cap is reached. Two
 * processes can therefore never both take the last click. Within a process a link's clicks
 * queue, so they do not race each other; the count lives in memory, read from the stream once
 * and then fed by the clicks themselves. Bots and any append made with `expected: 'any'` only
 * cost the next human click a re-read of the tail.
 */
class ClickCaps {
  private readonly counts = new Map<number, CapCount>();

  constructor(
    private readonly events: Pick<EventStore, 'append' | 'readStream'>,
    /** The bot policy in force now (the link cache follows it). */
    private readonly classifier: () => BotClassifier,
  ) {}

  /** Whether the link's cap is known to be reached here, with no I/O. */
  reached(linkId: number, maxClicks: number): boolean {
    const count = this.counts.get(linkId);
    return count !== undefined && count.classifier === this.classifier() && count.revision !== undefined && count.humans >= maxClicks;
  }

  isBot(userAgent: string): boolean {
    return this.classifier().isBot(userAgent);
  }

  /**
   * Appends a human click unless the link already has `maxClicks` of them: resolves the number
   * of human clicks with this one, or null when the cap was reached and nothing was appended.
   */
  take(linkId: number, maxClicks: number, click: StreamAppend): Promise<number | null> {
    const count = this.countOf(linkId);
    const turn = count.queue.then(() => this.attempt(count, linkId, maxClicks, click));
    count.queue = turn.catch(() => undefined);
    return turn;
  }

  private countOf(linkId: number): CapCount {
    const known = this.counts.get(linkId);
    const classifier = this.classifier();
    if (known && known.classifier === classifier) return known;
    if (this.counts.size >= MAX_COUNTED) this.counts.clear();
    // A count made under another bot policy is left to its clicks in flight; the next ones count afresh.
    const count: CapCount = { revision: undefined, humans: 0, classifier, queue: known?.queue ?? Promise.resolve() };
    this.counts.set(linkId, count);
    return count;
  }

  private async attempt(count: CapCount, linkId: number, maxClicks: number, click: StreamAppend): Promise<number | null> {
    if (count.revision === undefined) await this.readTail(count, linkId);
    for (let races = 0; count.humans < maxClicks; races++) {
      try {
        const appended = await this.events.append([{ ...click, expected: count.revision ?? 'no_stream' }]);
        count.revision = appended.revisions[0]!;
        count.humans += 1;
        return count.humans;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError) || races >= MAX_RACES) throw error;
        await this.readTail(count, linkId);
      }
    }
    return null;
  }

  /** Reads the clicks recorded after the revision known here (all of them the first time) and counts the human ones. */
  private async readTail(count: CapCount, linkId: number): Promise<void> {
    const from = count.revision === undefined || count.revision === null ? 0 : count.revision + 1;
    const tail = await this.events.readStream(`clicks-${linkId}`, from);
    if (count.revision === undefined) count.revision = null;
    for (const recorded of tail) {
      const event = domainEventOf(recorded);
      if (event?.type === 'Clicked' && !count.classifier.isBot(event.data.user_agent)) count.humans += 1;
      count.revision = recorded.revision;
    }
  }
}

/** The redirect's own parts a capped click uses. */
export interface CappedClickAnswers {
  /** Records the click with `expected: 'any'` (or not at all: HEAD, a prefetch), then answers 302. */
  recordAndRedirect(request: IncomingMessage, response: ServerResponse, link: LinkState, target: VisitTarget, query: string, ip: string): void;
  /** The click a visit records, not yet appended. */
  clickOf(request: IncomingMessage, link: LinkState, target: VisitTarget, query: string, ip: string): StreamAppend;
  /** Answers 302 to an address. */
  redirect(response: ServerResponse, destination: string): void;
  /** Answers a click that could not be made durable (503), reporting why. */
  notRecorded(response: ServerResponse, error: unknown): void;
  /** The brand of the pages a link answers (docs/pages.md#white-label): null for ours. */
  brandOf(link: LinkState): VisitorBrand | null;
}

interface CappedClickDeps {
  events: EventStore;
  cache: Pick<LinkCache, 'bots'>;
  clock: () => Date;
  onError: (error: unknown) => void;
}

/**
 * Step 5 of a smart-link visit for a link with `max_clicks`: a human GET takes one of the
 * link's clicks (ClickCaps) and is redirected, or gets the expired answer when none is left;
 * HEAD, prefetches and bots are redirected as on any link and never take one. The click that
 * reaches the cap has `LinkExpired` recorded after its redirect, off the visitor's path.
 */
export function cappedClicks(answers: CappedClickAnswers, deps: CappedClickDeps) {
  const caps = new ClickCaps(deps.events, () => deps.cache.bots.classifier);
  /** Links (at a version) whose expiry this process asked for already: one command each, not one per refused visitor. */
  const asked = new Set<string>();
  const recordExpiry = (link: LinkState, humanClicks: number) => {
    const key = `${link.id}:${link.version}`;
    if (asked.has(key)) return;
    if (asked.size >= 10_000) asked.clear();
    asked.add(key);
    recordLinkExpired(deps.events, deps.clock(), { linkId: link.id, reason: 'max_clicks', humanClicks }).catch((error: unknown) => {
      asked.delete(key);
      deps.onError(error);
    });
  };

  return {
    /** Whether the link's cap is known reached here (step 1 answers it as expired). */
    reached: (link: LinkState) => link.controls?.maxClicks != null && caps.reached(link.id, link.controls.maxClicks),

    /** Records and redirects a visit to a capped link; false (nothing done) when the link has no cap. */
    recordAndRedirect(request: IncomingMessage, response: ServerResponse, link: LinkState, target: VisitTarget, query: string, ip: string): boolean {
      const controls = link.controls;
      if (controls?.maxClicks == null) return false;
      const maxClicks = controls.maxClicks;
      const click = request.method === 'HEAD' || isPrefetch(request.headers) ? null : answers.clickOf(request, link, target, query, ip);
      // Judged on the click as recorded (its user agent cut to length), as the projectors will judge it.
      if (click === null || caps.isBot((click.events[0]!.data as Clicked).user_agent)) {
        answers.recordAndRedirect(request, response, link, target, query, ip);
        return true;
      }
      caps
        .take(link.id, maxClicks, click)
        .then(
          (humanClicks) => {
            if (humanClicks === null) {
              answerOutOfSchedule(response, controls, 'expired', answers.brandOf(link));
              if (!controls.expired) recordExpiry(link, maxClicks);
              return;
            }
            answers.redirect(response, target.destination);
            if (humanClicks >= maxClicks) recordExpiry(link, humanClicks);
          },
          (error: unknown) => answers.notRecorded(response, error),
        )
        .catch(deps.onError);
      return true;
    },
  };
}
