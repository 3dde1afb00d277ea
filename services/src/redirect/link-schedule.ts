import type { ServerResponse } from 'node:http';
import { normalizeWebAddress } from '@linkledger/contracts';
import type { LinkState } from '../links/index.ts';
import type { VisitorBrand } from '../platform/visitor-brand-port.ts';
import { textPage } from './visit-page.ts';

type Controls = NonNullable<LinkState['controls']>;

/** Where a link stands in its schedule (docs/links.md#schedule-and-expiry). */
type Standing = 'active' | 'not_started' | 'expired';

/**
 * Before `starts_at` a link is not active yet (even when it also expired: an edit that moved
 * the start re-arms it); from `expires_at`, once `LinkExpired` is recorded, or once its human
 * clicks reached the cap, it has expired.
 */
function standingOf(controls: Controls, now: number, capReached: boolean): Standing {
  if (controls.startsAt !== null && now < controls.startsAt) return 'not_started';
  if (controls.expired || capReached || (controls.expiresAt !== null && now >= controls.expiresAt)) return 'expired';
  return 'active';
}

const PAGES = {
  not_started: textPage({
    status: 404,
    title: 'This link is not active yet',
    paragraphs: ['The owner of this short link scheduled it to start later. Please try again then.'],
  }),
  expired: textPage({
    status: 410,
    title: 'This link has expired',
    paragraphs: ['The owner of this short link set it to stop working, and it no longer leads anywhere.'],
  }),
};

/**
 * What a link out of its schedule answers: a redirect to its `expired_url` when it has one
 * (an http(s) address; the redirect is not a click of the link, whose destination nobody
 * reached), else the "not active yet" page (404) or the "expired" page (410). Nothing is recorded.
 */
export function answerOutOfSchedule(response: ServerResponse, controls: Controls, standing: Exclude<Standing, 'active'>, brand: VisitorBrand | null): void {
  const elsewhere = controls.expiredUrl === null ? null : normalizeWebAddress(controls.expiredUrl);
  if (elsewhere === null) return PAGES[standing](response, brand);
  // Stored header-safe (StoredLinkControls); a stored address that is not a web address gets the page instead.
  response.writeHead(302, { location: controls.expiredUrl!, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', 'content-length': 0 });
  response.end();
}

/** Step 1 of a smart-link visit: answers (and returns true) when the link is not active at `now`. */
export function answeredBySchedule(response: ServerResponse, controls: Controls, now: number, capReached: boolean, brand: VisitorBrand | null): boolean {
  const standing = standingOf(controls, now, capReached);
  if (standing === 'active') return false;
  answerOutOfSchedule(response, controls, standing, brand);
  return true;
}
