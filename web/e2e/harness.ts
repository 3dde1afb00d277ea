import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startServerProcess } from '../../services/src/testing/server-process.ts';

/** Screenshots of every screen, desktop and phone, land here (named in the README). */
export const SCREENSHOT_DIR = fileURLToPath(new URL('../../test-artifacts/screenshots/', import.meta.url));

export const DESKTOP = { width: 1366, height: 900 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/** Debian's Chromium: a browser download never works on these machines. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface Product {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** The real product (`npm start`'s server) on embedded stores in a fresh temporary directory. */
export async function startProduct(env: Record<string, string> = {}): Promise<Product> {
  const dataDir = mkdtempSync(join(tmpdir(), 'linkledger-e2e-'));
  // The browser tests register dozens of accounts from one address; the registration throttle has its own test.
  const server = await startServerProcess({ DATA_DIR: dataDir, EVENTS_SYNC: 'NORMAL', REGISTRATIONS_PER_IP: '0', ...env });
  return {
    baseUrl: server.baseUrl,
    dataDir,
    async stop() {
      await server.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A fresh browser profile (its own local storage) at a viewport, allowed to use the clipboard. */
export async function newContext(browser: Browser, product: Product, viewport: { width: number; height: number } = DESKTOP): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: product.baseUrl, viewport });
  // The clipboard exists only for secure origins: not on a customer's domain reached over plain http.
  const { protocol, hostname } = new URL(product.baseUrl);
  if (protocol === 'https:' || hostname === '127.0.0.1' || hostname === 'localhost') {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.baseUrl });
  }
  // Everything the content security policy blocks is noted, and screenshot() refuses to pass over it.
  await context.addInitScript(() => {
    const noted: string[] = [];
    Object.defineProperty(window, '__cspViolations', { value: noted });
    document.addEventListener('securitypolicyviolation', (event) => noted.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline code'}`));
  });
  return context;
}

/** What the content security policy has blocked on the page since it loaded. */
export const cspViolations = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);

/** Saves a full-page screenshot as `{name}-{desktop|phone}.png`. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const size = (page.viewportSize()?.width ?? DESKTOP.width) <= PHONE.width ? 'phone' : 'desktop';
  const blocked = await cspViolations(page);
  if (blocked.length) throw new Error(`The content security policy blocked something on ${page.url()}: ${blocked.join('; ')}`);
  // From the top: sticky bars then sit where a person sees them, not where the test last scrolled.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${size}.png`), fullPage: true });
}

/** axe-core's serious and critical violations on the page as it is now (WCAG 2 A and AA rules). */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}

/** Registers through the API and returns an access token (for setting up a test quickly). */
export async function registerByApi(product: Product, email: string, password = 'secret123'): Promise<string> {
  const registered = await fetch(`${product.baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (registered.status !== 201) throw new Error(`register ${registered.status}: ${await registered.text()}`);
  return signInByApi(product, email, password);
}

/** Fills in the register form the page shows and creates the account, as a visitor would; resolves once on the dashboard. */
export async function registerByForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(password);
  await page.getByLabel(/I agree to the Terms of Service and Privacy Policy/).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL('**/dashboard');
}

/** Signs an existing account in through the API: a new session's bearer token. */
export async function signInByApi(product: Product, email: string, password = 'secret123'): Promise<string> {
  const token = await fetch(`${product.baseUrl}/api/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password }),
  });
  return ((await token.json()) as { access_token: string }).access_token;
}

/**
 * One call of the product's API as a signed-in user (Bearer token), JSON in and out, in the
 * workspace named (else the caller's personal one); any answer but 2xx throws with its status
 * and body. For setting up and checking tests.
 */
export async function apiCall<T>(product: Product, token: string, method: string, path: string, body?: unknown, workspaceId?: number): Promise<T> {
  const response = await fetch(`${product.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(workspaceId === undefined ? {} : { 'x-workspace-id': String(workspaceId) }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Registers through the API, proves the address by its mail and signs in again: the new session's bearer token. */
export async function verifiedAccountByApi(product: Product, email: string): Promise<string> {
  await registerByApi(product, email);
  await verifyByMail(product, email);
  return signInByApi(product, email);
}

/** Headless Chromium says "HeadlessChrome", which the click counter rightly treats as a bot: visitors use this. */
export const HUMAN_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** A suite's product and browser, with a visitor profile that follows short links as a person does. */
export interface VisitorSuite {
  product: Product;
  browser: Browser;
  visitor: BrowserContext;
  /** Closes the visitor and the browser, then stops the product. */
  close(): Promise<void>;
}

export async function startVisitorSuite(): Promise<VisitorSuite> {
  const [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  const visitor = await browser.newContext({ userAgent: HUMAN_AGENT });
  return {
    product,
    browser,
    visitor,
    async close() {
      await visitor.close();
      await browser.close();
      await product.stop();
    },
  };
}

/** A page of a fresh browser profile signed in with the token, opened at `path`. */
export async function openSignedIn(
  browser: Browser,
  product: Product,
  token: string,
  path: string,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<Page> {
  const context = await newContext(browser, product, viewport);
  await signInContext(context, token);
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

/** Signs a browser context in by putting the token where the app keeps it. */
export async function signInContext(context: BrowserContext, token: string): Promise<void> {
  await context.addInitScript((value) => {
    if (!sessionStorage.getItem('e2e-signed-in')) {
      localStorage.setItem('token', value);
      sessionStorage.setItem('e2e-signed-in', '1');
    }
  }, token);
}

/**
 * The newest message in the outbox (`DATA_DIR/outbox/`) sent to an address, waiting for it
 * to arrive; with `containing`, the newest one that contains that text (an address that was
 * mailed before, at registration say). Returns the file's text (headers and body).
 */
export async function waitForMail(product: Product, to: string, timeoutMs = 10_000, containing?: string): Promise<string> {
  const dir = join(product.dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let files: string[] = [];
    try {
      files = readdirSync(dir).map((name) => join(dir, name));
    } catch {
      // No mail yet: the folder appears with the first message.
    }
    const mine = files
      .map((path) => ({ path, text: readFileSync(path, 'utf8'), at: statSync(path).mtimeMs }))
      .filter((mail) => mail.text.includes(to) && (containing === undefined || mail.text.includes(containing)))
      .sort((a, b) => b.at - a.at);
    if (mine[0]) return mine[0].text;
    if (Date.now() > deadline) throw new Error(`No mail to ${to} in ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The first link in a mail that goes to one of the app's screens (e.g. /reset-password). */
export function linkInMail(mail: string, path: string): string {
  // The outbox stores JSON, so a line break after the link is the two characters `\n`: stop at a backslash.
  const match = mail.match(new RegExp(`https?://[^\\s"'<>\\\\]*${path.replace(/[/?]/g, '\\$&')}[^\\s"'<>\\\\]*`));
  if (!match) throw new Error(`No ${path} link in the mail:\n${mail}`);
  return match[0].replace(/&amp;/g, '&');
}

/** Follows the verification link registration mailed to the address, as its owner would. */
export async function verifyByMail(product: Product, email: string): Promise<void> {
  const link = new URL(linkInMail(await waitForMail(product, email, 10_000, '/verify-email'), '/verify-email'));
  const response = await fetch(`${product.baseUrl}/api/verify-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: link.searchParams.get('token') }),
  });
  if (response.status !== 200) throw new Error(`verify ${response.status}: ${await response.text()}`);
}

interface Account {
  token: string;
  id: number;
  username: string;
}

/**
 * A verified owner whose personal workspace is shared with a verified member, invited with the
 * role and joined through the mailed link. A team workspace is Free (one seat) until it pays,
 * which no browser test can do: the owner's own workspace, given seats by the super admin, is
 * shared instead, and acts as a team's does. Its id is the owner's.
 */
export async function sharedWorkspace(product: Product, rootToken: string, emails: { owner: string; member: string }, role = 'member') {
  const account = async (email: string): Promise<Account> => {
    const token = await verifiedAccountByApi(product, email);
    return { token, ...(await apiCall<{ id: number; username: string }>(product, token, 'GET', '/api/users/me')) };
  };
  const owner = await account(emails.owner);
  await apiCall(product, rootToken, 'PUT', `/api/admin/api/users/${owner.id}/limits`, { custom_seats_limit: 5 });
  await apiCall(product, owner.token, 'POST', `/api/workspaces/${owner.id}/invites`, { email: emails.member, role });
  const member = await account(emails.member);
  const invite = new URL(linkInMail(await waitForMail(product, emails.member, 10_000, '/invite/'), '/invite/'));
  await apiCall(product, member.token, 'POST', '/api/workspace-invites/accept', { token: invite.pathname.split('/').pop() });
  return { workspaceId: owner.id, owner, member };
}
