import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseCookie, stringifySetCookie } from 'cookie';
import { verifyPassword, whenAgain } from '../accounts/index.ts';
import type { LinkState } from '../links/index.ts';
import { addressKey } from '../throttling/rate-limit.ts';
import { WindowCounter } from '../throttling/window-counter.ts';
import type { VisitorBrand } from '../platform/visitor-brand-port.ts';
import { visitPage } from './visit-page.ts';

/** The cookie that lets a visitor who gave a link's password through again; scoped to the link's own path. */
const COOKIE = 'link_password';
const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
const WINDOW_MS = 15 * 60_000;
/** Any longer is no password a link was given: refused without spending a hash on it. */
const MAX_PASSWORD_LENGTH = 1024;

const form = (error: string | null) =>
  '<h1>This link is password protected</h1><p>Enter its password to continue.</p>' +
  (error ? `<p class="error" id="password-error" role="alert">${error}</p>` : '') +
  '<form method="post"><label>Password<input type="password" name="password" required autofocus autocomplete="current-password"' +
  (error ? ' aria-invalid="true" aria-describedby="password-error"' : '') +
  '></label><button type="submit">Continue</button></form>';

const TITLE = 'Password required';
// The form has no action: it posts to the page's own address, the short link with its query (`?src=qr` stays).
const askPage = visitPage({ status: 401, title: TITLE, body: form(null) });
const wrongPage = visitPage({ status: 401, title: TITLE, body: form('That password is not right. Please try again.') });
const tooManyPage = (waitMs: number) =>
  visitPage({ status: 429, title: 'Too many attempts', body: form(`Too many password attempts. Please try again ${whenAgain(waitMs)}.`) });

/**
 * Password-protected links (docs/links.md#password). A visit without the link's cookie gets a
 * page that asks for the password and reveals nothing of the destination; the form posts it
 * to the short link itself, where the slow hash is checked. The right password sets a cookie
 * that is an HMAC of the link's id and its password hash under the installation's secret, so
 * it opens only that link, and only until its password changes, with nothing stored. Checking
 * the cookie costs one HMAC and no I/O; the slow hash is never computed on a GET.
 *
 * Guessing is slowed per network (every attempt counts: each costs a slow hash) and per link
 * (wrong passwords from everywhere), in this process's memory, on the monotonic clock.
 */
export class LinkPasswords {
  static readonly ATTEMPTS_PER_ADDRESS = 10;
  static readonly WRONG_PER_LINK = 30;
  private readonly key: Buffer;
  /** The requests whose form gave the right password: step 3 of their visit lets them through. */
  private readonly unlocked = new WeakSet<IncomingMessage>();
  private readonly attemptsByAddress: WindowCounter;
  private readonly wrongByLink: WindowCounter;

  constructor(secret: string, now: () => number) {
    this.key = createHmac('sha256', secret).update('linkledger:link-password-cookie').digest();
    this.attemptsByAddress = new WindowCounter(LinkPasswords.ATTEMPTS_PER_ADDRESS, WINDOW_MS, now);
    this.wrongByLink = new WindowCounter(LinkPasswords.WRONG_PER_LINK, WINDOW_MS, now);
  }

  /** Step 3 of a visit: answers the password page (true) unless the link has none, or this visitor gave it. */
  locks(request: IncomingMessage, response: ServerResponse, link: LinkState, brand: VisitorBrand | null): boolean {
    const hash = link.controls?.passwordHash;
    if (!hash || this.unlocked.has(request) || this.holdsCookie(request, link.id, hash)) return false;
    askPage(response, brand);
    return true;
  }

  /**
   * A password sent to a link that has one: when the address or the link has tried too often,
   * 429 with the page; a wrong one, the page again with an error line; the right one sets the
   * cookie and goes on with the visit (`proceed`), which redirects and counts the click.
   */
  async attempt(
    request: IncomingMessage,
    response: ServerResponse,
    link: LinkState,
    form: unknown,
    from: { ip: string; https: boolean; brand: VisitorBrand | null },
    proceed: () => void,
  ) {
    const hash = link.controls?.passwordHash;
    if (!hash) throw new Error(`link ${link.id} takes no password`);
    const network = addressKey(from.ip);
    const linkKey = String(link.id);
    const wait = Math.max(this.attemptsByAddress.waitFor(network), this.wrongByLink.waitFor(linkKey));
    if (wait > 0) return tooManyPage(wait)(response, from.brand, { 'retry-after': String(Math.ceil(wait / 1000)) });
    this.attemptsByAddress.add(network);
    const password = formPassword(form);
    const right = password.length > 0 && password.length <= MAX_PASSWORD_LENGTH && (await verifyPassword(password, hash));
    if (!right) {
      this.wrongByLink.add(linkKey);
      return wrongPage(response, from.brand);
    }
    response.setHeader(
      'set-cookie',
      stringifySetCookie({
        name: COOKIE,
        value: this.cookieValue(link.id, hash),
        path: (request.url ?? '/').split('?')[0]!,
        maxAge: COOKIE_MAX_AGE_S,
        httpOnly: true,
        sameSite: 'lax',
        secure: from.https,
      }),
    );
    this.unlocked.add(request);
    proceed();
  }

  private cookieValue(linkId: number, passwordHash: string): string {
    return createHmac('sha256', this.key).update(`${linkId}\n${passwordHash}`).digest('base64url');
  }

  private holdsCookie(request: IncomingMessage, linkId: number, passwordHash: string): boolean {
    const header = request.headers.cookie;
    if (!header) return false;
    const held = parseCookie(header)[COOKIE];
    if (!held) return false;
    const given = Buffer.from(held);
    const expected = Buffer.from(this.cookieValue(linkId, passwordHash));
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

/** The `password` field of a posted form; anything else (no body, a repeated field, JSON with a number) is no password. */
function formPassword(form: unknown): string {
  const field = typeof form === 'object' && form !== null ? (form as Record<string, unknown>).password : undefined;
  return typeof field === 'string' ? field : '';
}
