import type { Browser, BrowserContext, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  HUMAN_AGENT,
  PHONE,
  apiCall,
  newContext,
  registerByApi,
  screenshot,
  seriousA11yViolations,
  signInContext,
  startVisitorSuite,
  type Product,
  type VisitorSuite,
} from './harness.ts';

/**
 * The dashboard (docs/web-app.md#dashboard, docs/links.md) on the real server with embedded stores:
 * quick bar, Create modal, copy, QR, live click counts, edit, delete, bulk actions,
 * search, filters, the monthly limit, the export refusal, at desktop and phone sizes.
 */

const EXPORT_REFUSED = 'Export feature is only available on Pro and Enterprise plans. Upgrade your plan to export your URLs.';

describe('dashboard in the browser', () => {
  let suite: VisitorSuite | undefined;
  let product: Product;
  let browser: Browser;
  let visitor: BrowserContext;
  let accounts = 0;
  /** The installation's first account: its super admin, who can change users' plans. */
  let adminToken = '';

  beforeAll(async () => {
    suite = await startVisitorSuite();
    ({ product, browser, visitor } = suite);
    adminToken = await registerByApi(product, 'admin@example.com');
  }, 120_000);
  afterAll(() => suite?.close());

  // ---------------------------------------------------------------- helpers

  const call = <T>(token: string, method: string, path: string, body?: unknown) => apiCall<T>(product, token, method, path, body);

  interface ApiLink {
    id: number;
    short_code: string;
    short_url: string;
    title: string;
    is_active: boolean;
    total_clicks: number;
  }
  const listAll = async (token: string) => (await call<{ urls: ApiLink[] }>(token, 'GET', '/api/urls?include_counts=true&limit=100')).urls;

  /** A fresh account, signed in, on /dashboard at the given size. */
  async function openDashboard(viewport: { width: number; height: number } = DESKTOP) {
    accounts += 1;
    const email = `dash${accounts}-${Date.now()}@example.com`;
    const token = await registerByApi(product, email);
    const context = await newContext(browser, product, viewport);
    await signInContext(context, token);
    const page = await context.newPage();
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: `Welcome back, ${email}` }).waitFor();
    return { email, token, context, page };
  }

  const row = (page: Page, code: string) => page.locator(`[data-short-code="${code}"]`);
  const rows = (page: Page) => page.locator('[data-link-id]');
  const tile = (page: Page, id: string) => page.getByTestId(id).locator('[data-value]');
  const text = async (locator: Locator) => ((await locator.textContent()) ?? '').trim();
  const rowTitles = async (page: Page) => (await rows(page).locator('.link-title').allTextContents()).map((t) => t.trim());
  const toast = (page: Page, title: string) => page.locator('.toast', { has: page.locator('.toast__title', { hasText: title }) });
  const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
  const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
  const codeOf = async (locator: Locator) => (await locator.getAttribute('data-short-code')) ?? '';
  const noHorizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  /** The sidebar's Create Link: on a phone the slide-over opens first. */
  async function openCreateFromSidebar(page: Page) {
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    if ((page.viewportSize()?.width ?? DESKTOP.width) <= PHONE.width) await page.getByRole('button', { name: 'Open navigation' }).click();
    await nav.getByRole('button', { name: 'Create Link' }).click();
    await dialog(page, 'Create New URL').waitFor();
  }

  /** Follows a short link as a person in another browser: 302 to the destination. */
  async function visitAsPerson(shortUrl: string, expectedDestination: string) {
    const tab = await visitor.newPage();
    const redirects: number[] = [];
    tab.on('response', (response) => {
      if (response.url() === shortUrl) redirects.push(response.status());
    });
    const response = await tab.goto(shortUrl);
    expect(redirects).toEqual([302]);
    expect(response?.url()).toBe(expectedDestination);
    expect(response?.status()).toBe(200);
    await tab.close();
  }

  async function quickShorten(page: Page, input: string) {
    await page.getByPlaceholder('Paste long url and shorten it').fill(input);
    await page.getByRole('button', { name: 'Shorten' }).click();
  }

  /** Clicks a link's short URL from the server side as a person would (no browser needed). */
  async function clickByFetch(shortUrl: string) {
    const response = await fetch(shortUrl, { redirect: 'manual', headers: { 'user-agent': HUMAN_AGENT } });
    expect(response.status).toBe(302);
  }

  // ------------------------------------------------------------------ tests

  it('registers, lands on the empty dashboard, shortens from the quick bar, copies, shows the QR code and counts a click live', async () => {
    const { email, token, context, page } = await openDashboard();
    // Empty: the tiles read 0, the verification banner and the invitation to create show.
    await page.getByRole('heading', { name: 'Please verify your email address' }).waitFor();
    await expect.poll(() => text(tile(page, 'tile-total-urls'))).toBe('0');
    expect(await text(tile(page, 'tile-total-clicks'))).toBe('0');
    expect(await text(tile(page, 'tile-growth'))).toBe('0.0%');
    await page.getByTestId('empty-none').getByText('No links yet').waitFor();
    expect(await text(page.getByRole('tab', { selected: true }))).toBe('Manual URLs (0)');
    await screenshot(page, 'dashboard-empty');

    // The verification e-mail can be asked for again; the banner can be dismissed.
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await toast(page, 'Verification Email Sent').waitFor();

    // The quick bar: an empty input is refused without a call.
    await page.getByRole('button', { name: 'Shorten' }).click();
    await page.getByText('Please enter a URL').waitFor();

    // A full address is kept as typed; the title is the last path segment.
    const destination = `${product.baseUrl}/api/health`;
    await quickShorten(page, destination);
    const result = page.getByTestId('quick-result');
    await result.waitFor();
    await expect.poll(() => rows(page).count()).toBe(1);
    const first = rows(page).first();
    const code = await codeOf(first);
    const shortUrl = (await first.locator('.short-link').getAttribute('href')) ?? '';
    expect(shortUrl).toMatch(new RegExp(`^${product.baseUrl}/[A-Za-z0-9_-]+$`));
    expect(await text(result)).toContain(shortUrl.replace('http://', ''));
    expect(await text(row(page, code).locator('.link-title'))).toBe('health');
    expect(await text(row(page, code).locator('.destination'))).toBe(destination);
    expect(await text(row(page, code))).toContain('Manual');
    expect(await text(row(page, code))).toContain('Active');
    // Shown for 3 seconds, then cleared.
    await result.waitFor({ state: 'detached', timeout: 5000 });
    await expect.poll(() => text(tile(page, 'tile-total-urls'))).toBe('1');

    // Without http(s):// the bar puts https:// in front.
    await quickShorten(page, 'example.com/docs/quick-start');
    await expect.poll(() => rows(page).count()).toBe(2);
    const quickStart = rows(page).first();
    expect(await codeOf(quickStart)).not.toBe(code);
    expect(await text(quickStart.locator('.link-title'))).toBe('quick-start');
    expect(await text(quickStart.locator('.destination'))).toBe('https://example.com/docs/quick-start');
    expect(await text(page.getByRole('tab', { selected: true }))).toBe('Manual URLs (2)');

    // Copy: the short URL is on the clipboard.
    await row(page, code).getByRole('button', { name: 'Copy short URL of health' }).click();
    await toast(page, 'URL Copied!').waitFor();
    expect(await clipboard(page)).toBe(shortUrl);

    // QR code: the PNG loads; both downloads are offered.
    await row(page, code).getByRole('button', { name: 'QR code of health' }).click();
    const qr = dialog(page, 'QR Code');
    const image = qr.getByRole('img', { name: /QR code for/ });
    await image.waitFor();
    await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth)).toBe(512);
    await qr.getByRole('button', { name: 'Download PNG' }).waitFor();
    await qr.getByRole('button', { name: 'Download SVG' }).waitFor();
    const download = page.waitForEvent('download');
    await qr.getByRole('button', { name: 'Download SVG' }).click();
    expect((await download).suggestedFilename()).toBe(`qr-${code}.svg`);
    await screenshot(page, 'dashboard-modal-qr');
    await qr.getByRole('button', { name: 'Close' }).click();
    await qr.waitFor({ state: 'hidden' });

    // Analytics opens in a new tab.
    const analytics = row(page, code).getByRole('link', { name: 'Analytics of health (opens in a new tab)' });
    expect(await analytics.getAttribute('href')).toMatch(/^\/analytics\/\d+$/);
    expect(await analytics.getAttribute('target')).toBe('_blank');
    expect(await analytics.getAttribute('rel')).toBe('noopener');

    // Live: a person follows the link elsewhere; the row and the tile change without a reload.
    await page.getByRole('status', { name: 'Live updates: Live' }).first().waitFor();
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    const clicks = row(page, code).getByTestId('click-count');
    expect(await text(clicks)).toBe('0');
    await visitAsPerson(shortUrl, destination);
    await expect.poll(() => text(clicks), { timeout: 10_000 }).toBe('1');
    await expect.poll(() => text(tile(page, 'tile-total-clicks')), { timeout: 10_000 }).toBe('1');
    await visitAsPerson(shortUrl, destination);
    await expect.poll(() => text(clicks), { timeout: 10_000 }).toBe('2');
    await expect.poll(() => text(tile(page, 'tile-total-clicks')), { timeout: 10_000 }).toBe('2');
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect((await listAll(token)).find((l) => l.short_code === code)?.total_clicks).toBe(2);

    await screenshot(page, 'dashboard-links');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The cards view shows the same links.
    await page.getByRole('button', { name: 'Cards' }).click();
    await page.locator(`li.link-card[data-short-code="${code}"]`).waitFor();
    expect(await text(row(page, code).getByTestId('click-count'))).toBe('2');
    await screenshot(page, 'dashboard-cards');
    await page.getByRole('button', { name: 'List' }).click();
    await page.locator(`tr[data-short-code="${code}"]`).waitFor();

    // Dismissing the verification banner is local.
    await page.getByRole('button', { name: 'Dismiss verification reminder' }).click();
    expect(await page.getByRole('heading', { name: 'Please verify your email address' }).count()).toBe(0);
    expect(email).toContain('@');
    await context.close();
  });

  it('creates from the sidebar’s Create modal, edits (title and active persist), deletes, bulk-copies and bulk-deletes', async () => {
    const { token, context, page } = await openDashboard();
    await openCreateFromSidebar(page);
    const create = dialog(page, 'Create New URL');
    await create.getByLabel('Destination URL').fill('https://example.com/spring/launch');
    await create.getByLabel('Title').fill('Spring launch');
    await create.getByLabel('Description').fill('The spring campaign');
    await create.getByLabel('Custom back-half').fill('spring-launch');
    // No custom domains or TRAI headers yet: the own-domain option stays hidden.
    expect(await create.getByText('Use my own domain').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'dashboard-modal-create');
    await create.getByRole('button', { name: 'Create URL' }).click();
    await create.getByText('URL created successfully!').waitFor();
    // Two seconds later the modal closes and the list reloads.
    await create.waitFor({ state: 'hidden', timeout: 5000 });
    await row(page, 'spring-launch').waitFor();
    expect(await text(row(page, 'spring-launch').locator('.link-title'))).toBe('Spring launch');

    // A taken back-half is refused with the server's detail, in the modal.
    await openCreateFromSidebar(page);
    await create.getByLabel('Destination URL').fill('https://example.com/other');
    await create.getByLabel('Custom back-half').fill('spring-launch');
    await create.getByRole('button', { name: 'Create URL' }).click();
    await create.getByTestId('create-error').waitFor();
    expect(await text(create.getByTestId('create-error'))).toBe('This short code is already taken. Choose another one.');
    await create.getByRole('button', { name: 'Cancel' }).click();
    await create.waitFor({ state: 'hidden' });

    // Edit: the title and the active switch are saved and survive a reload.
    await row(page, 'spring-launch').getByRole('button', { name: 'Edit Spring launch' }).click();
    const edit = dialog(page, 'Edit URL');
    // A destination that is not a web address gets the product's own words, not the browser's bubble, and nothing is saved.
    const destination = edit.getByLabel('Destination URL');
    await destination.fill('javascript:alert(1)');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await edit.getByRole('alert').filter({ hasText: 'Destination URL must be a full web address starting with http:// or https://' }).waitFor();
    expect(await destination.getAttribute('aria-invalid')).toBe('true');
    expect(await destination.evaluate((input) => input === document.activeElement)).toBe(true);
    await screenshot(page, 'dashboard-modal-edit-invalid');
    await destination.fill('https://example.com/spring/launch');
    expect(await edit.getByRole('alert').count()).toBe(0);
    await edit.getByLabel('Title').fill('Spring launch (edited)');
    const active = edit.getByRole('switch', { name: 'Active' });
    expect(await active.getAttribute('aria-checked')).toBe('true');
    await active.click();
    expect(await active.getAttribute('aria-checked')).toBe('false');
    await screenshot(page, 'dashboard-modal-edit');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await edit.waitFor({ state: 'hidden' });
    await expect.poll(() => text(row(page, 'spring-launch').locator('.link-title'))).toBe('Spring launch (edited)');
    expect(await text(row(page, 'spring-launch'))).toContain('Inactive');
    await page.reload();
    await row(page, 'spring-launch').waitFor();
    expect(await text(row(page, 'spring-launch').locator('.link-title'))).toBe('Spring launch (edited)');
    expect(await text(row(page, 'spring-launch'))).toContain('Inactive');
    const saved = (await listAll(token)).find((l) => l.short_code === 'spring-launch');
    expect(saved).toMatchObject({ title: 'Spring launch (edited)', is_active: false });
    // Switched off, the short link no longer redirects.
    expect((await fetch(saved!.short_url, { redirect: 'manual', headers: { 'user-agent': HUMAN_AGENT } })).status).toBe(404);

    // Delete, behind the Delete URL confirmation.
    await row(page, 'spring-launch').getByRole('button', { name: 'Delete Spring launch (edited)' }).click();
    const confirm = dialog(page, 'Delete URL');
    await confirm.getByText('This action cannot be undone.').waitFor();
    await screenshot(page, 'dashboard-modal-delete');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Delete URL' }).click();
    await toast(page, 'URL Deleted').waitFor();
    await row(page, 'spring-launch').waitFor({ state: 'detached' });
    expect((await listAll(token)).some((l) => l.short_code === 'spring-launch')).toBe(false);

    // Bulk: select two of three, copy them all, delete them all.
    for (const name of ['one', 'two', 'three'])
      await call(token, 'POST', '/api/urls', { original_url: `https://example.com/${name}`, title: `Bulk ${name}`, short_code: `bulk-${name}` });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => rows(page).count()).toBe(3);
    await row(page, 'bulk-one').getByRole('checkbox', { name: 'Select Bulk one' }).check();
    await row(page, 'bulk-three').getByRole('checkbox', { name: 'Select Bulk three' }).check();
    const bar = page.getByTestId('bulk-bar');
    await bar.waitFor();
    expect(await text(bar.locator('.bulk-bar__count'))).toBe('2 URLs selected');
    await screenshot(page, 'dashboard-bulk-bar');
    await bar.getByRole('button', { name: 'Copy All' }).click();
    await toast(page, 'URL Copied!').last().waitFor();
    const links = await listAll(token);
    const urlOf = (code: string) => links.find((l) => l.short_code === code)!.short_url;
    expect(await clipboard(page)).toBe(`${urlOf('bulk-three')}\n${urlOf('bulk-one')}`);
    // Select all on the page, then back to two.
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    expect(await text(bar.locator('.bulk-bar__count'))).toBe('3 URLs selected');
    await row(page, 'bulk-two').getByRole('checkbox', { name: 'Select Bulk two' }).uncheck();
    expect(await text(bar.locator('.bulk-bar__count'))).toBe('2 URLs selected');
    await bar.getByRole('button', { name: 'Delete All' }).click();
    await dialog(page, 'Delete Selected URLs').getByRole('button', { name: 'Delete 2 URLs' }).click();
    await toast(page, 'URLs Deleted').waitFor();
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await codeOf(rows(page).first())).toBe('bulk-two');
    expect((await listAll(token)).map((l) => l.short_code)).toEqual(['bulk-two']);
    expect(await bar.count()).toBe(0);

    // Export on the free plan: refused with the plan message and the upgrade hint.
    await page.getByRole('link', { name: 'Upgrade to Pro for export feature' }).waitFor();
    await page.getByTestId('export-button').click();
    const refusal = toast(page, 'Export Not Available');
    await refusal.waitFor();
    expect(await text(refusal.locator('.toast__text'))).toBe(EXPORT_REFUSED);
    await screenshot(page, 'dashboard-export-refusal');
    await context.close();
  });

  it('searches after a 500 ms pause, filters by tab, status, domain, sort and dates, and enforces the monthly limit', async () => {
    const { token, context, page } = await openDashboard();
    const titles = ['Alpha launch', 'Beta notes', 'Gamma rays', 'Delta force', 'Epsilon', 'Zeta', 'Eta'];
    const made: Record<string, ApiLink> = {};
    for (const title of titles) {
      made[title] = await call<ApiLink>(token, 'POST', '/api/urls', { original_url: `https://example.com/${title.split(' ')[0]!.toLowerCase()}`, title });
    }
    // Two links through the API (cutt.ly-style call with the user's key): the API tab.
    const { api_key } = await call<{ api_key: string }>(token, 'POST', '/api/users/me/generate-api-key');
    for (const name of ['api-one', 'api-two']) {
      const answer = await (
        await fetch(`${product.baseUrl}/api/shorten?key=${api_key}&short=${encodeURIComponent(`https://example.org/${name}`)}&name=${name}`)
      ).json();
      expect(answer).toMatchObject({ url: { status: 7 } });
    }
    await call(token, 'PATCH', `/api/urls/${made['Delta force']!.id}`, { is_active: false });
    await clickByFetch(made['Gamma rays']!.short_url);
    await clickByFetch(made['Gamma rays']!.short_url);
    await clickByFetch(made['Zeta']!.short_url);
    await expect.poll(async () => (await listAll(token)).find((l) => l.title === 'Gamma rays')?.total_clicks).toBe(2);

    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => text(page.getByTestId('result-count'))).toBe('Showing 1–7 of 7 URLs');
    // 9 of the free plan's 10 links this month: the approaching-limit banner.
    await expect.poll(() => text(page.getByTestId('limit-banner'))).toContain('You have used 9 of 10 links your Free plan allows this month.');
    expect(await page.getByTestId('limit-banner').getByRole('link', { name: 'View usage and limits' }).getAttribute('href')).toBe('/limits');
    expect(await text(page.getByRole('tab', { name: /^Manual URLs/ }))).toBe('Manual URLs (7)');
    expect(await text(page.getByRole('tab', { name: /^API URLs/ }))).toBe('API URLs (2)');
    // 10 a page: 7 links make one page, no page numbers.
    expect(await page.getByRole('navigation', { name: 'Pages of your URLs' }).count()).toBe(0);

    // Tabs.
    await page.getByRole('tab', { name: /^API URLs/ }).click();
    await expect.poll(() => rows(page).count()).toBe(2);
    expect(await rowTitles(page)).toEqual(['Untitled URL', 'Untitled URL']);
    expect((await rows(page).allTextContents()).every((t) => t.includes('API'))).toBe(true);
    await page.getByRole('tab', { name: /^Manual URLs/ }).click();
    await expect.poll(() => rows(page).count()).toBe(7);

    // Search: one request, after the typing pauses for 500 ms.
    const searches: { url: string; at: number }[] = [];
    const onRequest = (request: Request) => {
      if (request.url().includes('/api/urls?') && request.url().includes('search=')) searches.push({ url: request.url(), at: Date.now() });
    };
    page.on('request', onRequest);
    const search = page.getByRole('searchbox', { name: 'Search' });
    // The moment of the last keystroke, by the page's clock (the same system clock as here).
    await search.evaluate((input) => input.addEventListener('input', () => ((window as unknown as { typedAt: number }).typedAt = Date.now())));
    await search.pressSequentially('gam', { delay: 120 });
    // The search waits 500 ms by design; a loaded machine needs longer than the poll's default second.
    await expect.poll(() => rowTitles(page), { timeout: 5000 }).toEqual(['Gamma rays']);
    page.off('request', onRequest);
    expect(searches.map((s) => new URL(s.url).searchParams.get('search'))).toEqual(['gam']);
    const typedAt = await page.evaluate(() => (window as unknown as { typedAt: number }).typedAt);
    expect(searches[0]!.at - typedAt).toBeGreaterThanOrEqual(480);
    expect(await text(page.getByTestId('result-count'))).toBe('Showing 1–1 of 1 URL');
    expect(await text(page.getByRole('tab', { name: /^Manual URLs/ }))).toBe('Manual URLs (1)');

    // No match: the empty state offers to clear the filters.
    await search.fill('nothing-like-this');
    await page.getByTestId('empty-filtered').getByText('No URLs match your filters').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => rows(page).count()).toBe(7);
    expect(await search.inputValue()).toBe('');

    // Status: the server filters, so every page holds only what was asked for.
    const status = page.getByLabel('Status');
    await status.selectOption('inactive');
    await expect.poll(() => rowTitles(page)).toEqual(['Delta force']);
    expect(await text(rows(page).first())).toContain('Inactive');
    await status.selectOption('active');
    await expect.poll(() => rows(page).count()).toBe(6);
    expect(await rowTitles(page)).not.toContain('Delta force');
    await status.selectOption('all');
    await expect.poll(() => rows(page).count()).toBe(7);

    // Domain: nobody has custom domains yet.
    await page.getByLabel('Domain').selectOption('custom');
    await page.getByTestId('empty-filtered').waitFor();
    await page.getByLabel('Domain').selectOption('default');
    await expect.poll(() => rows(page).count()).toBe(7);

    // Sort.
    const sort = page.getByLabel('Sort by');
    await sort.selectOption('clicks');
    await expect.poll(async () => (await rowTitles(page)).slice(0, 2)).toEqual(['Gamma rays', 'Zeta']);
    await sort.selectOption('title');
    await expect.poll(() => rowTitles(page)).toEqual([...titles].sort());
    await sort.selectOption('oldest');
    await expect.poll(() => rowTitles(page)).toEqual(titles);
    await sort.selectOption('newest');
    await expect.poll(() => rowTitles(page)).toEqual([...titles].reverse());

    // Dates: nothing was created tomorrow; Clear Dates brings everything back.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel('Created from').fill(tomorrow);
    await page.getByTestId('empty-filtered').waitFor();
    await page.getByRole('button', { name: 'Clear Dates' }).click();
    await expect.poll(() => rows(page).count()).toBe(7);
    await page.getByLabel('Created to').fill(today);
    await expect.poll(() => rows(page).count()).toBe(7);
    await page.getByRole('button', { name: 'Clear Dates' }).click();

    // The 10th link of the month: the banner says the limit is reached.
    await quickShorten(page, 'example.com/tenth');
    await page.getByTestId('quick-result').waitFor();
    await expect.poll(() => text(page.getByTestId('limit-banner'))).toContain('Monthly link limit reached');
    expect(await text(page.getByTestId('limit-banner'))).toContain('You have used 10 of 10 links');
    await expect.poll(() => rows(page).count()).toBe(8);

    // An 11th is refused by the server, and both forms say why.
    await openCreateFromSidebar(page);
    const create = dialog(page, 'Create New URL');
    await create.getByLabel('Destination URL').fill('https://example.com/eleventh');
    await create.getByRole('button', { name: 'Create URL' }).click();
    await create.getByTestId('create-error').waitFor();
    expect(await text(create.getByTestId('create-error'))).toMatch(/^You have created all 10 links your Free plan allows this month\./);
    await create.getByRole('button', { name: 'Cancel' }).click();
    await quickShorten(page, 'example.com/twelfth');
    await page.getByRole('alert').filter({ hasText: 'You have created all 10 links' }).waitFor();
    expect(await rows(page).count()).toBe(8);
    await context.close();
  });

  it('pages through 23 links 10 at a time with up to 5 page numbers, and exports them as CSV on the pro plan', async () => {
    const { token, page, context } = await openDashboard();
    const me = await call<{ id: number }>(token, 'GET', '/api/users/me');
    // More links than the free plan allows in a month: an admin moves the user to pro.
    await call(adminToken, 'POST', `/api/admin/users/${me.id}/change-plan`, { plan_type: 'pro' });
    for (let n = 1; n <= 23; n++)
      await call(token, 'POST', '/api/urls', { original_url: `https://example.com/page-${n}`, title: `Link ${String(n).padStart(2, '0')}` });
    await page.reload();

    const pages = page.getByRole('navigation', { name: 'Pages of your URLs' });
    await expect.poll(() => text(page.getByTestId('result-count'))).toBe('Showing 1–10 of 23 URLs');
    expect(await pages.getByRole('button', { name: /^Page / }).allTextContents()).toEqual(['1', '2', '3']);
    expect(await rows(page).count()).toBe(10);
    expect((await rowTitles(page))[0]).toBe('Link 23');

    await pages.getByRole('button', { name: 'Page 3' }).click();
    await expect.poll(() => rowTitles(page)).toEqual(['Link 03', 'Link 02', 'Link 01']);
    expect(await text(page.getByTestId('result-count'))).toBe('Showing 21–23 of 23 URLs');
    expect(await pages.getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
    expect(await pages.getByRole('button', { name: /Next/ }).isDisabled()).toBe(true);

    await pages.getByRole('button', { name: /Previous/ }).click();
    await expect.poll(() => text(page.getByTestId('result-count'))).toBe('Showing 11–20 of 23 URLs');
    // A new sort goes back to page 1.
    await page.getByLabel('Sort by').selectOption('oldest');
    await expect.poll(async () => (await rowTitles(page))[0]).toBe('Link 01');
    expect(await text(page.getByTestId('result-count'))).toBe('Showing 1–10 of 23 URLs');

    // Pro has csv_import_export: the export downloads the server's CSV.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^urls_export_\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await (await file.createReadStream()).toArray()).join('');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Title,Original URL,Short URL,Clicks,Created Date,Status,Tags,Folder');
    expect(lines).toHaveLength(24);
    await page.getByText('Export Successful!').waitFor();
    await screenshot(page, 'dashboard-pagination');
    await context.close();
  });

  it('works at 390×844: quick bar, copy, live count, cards, modals, bulk bar and the export refusal, without sideways scrolling', async () => {
    const { context, page } = await openDashboard(PHONE);
    await page.getByTestId('empty-none').waitFor();
    expect(await noHorizontalOverflow(page)).toBe(true);
    await screenshot(page, 'dashboard-empty');

    const destination = `${product.baseUrl}/api/health`;
    await quickShorten(page, destination);
    await page.getByTestId('quick-result').waitFor();
    await expect.poll(() => rows(page).count()).toBe(1);
    const first = rows(page).first();
    const code = await codeOf(first);
    const shortUrl = (await first.locator('.short-link').getAttribute('href')) ?? '';
    expect(await noHorizontalOverflow(page)).toBe(true);

    await row(page, code).getByRole('button', { name: 'Copy short URL of health' }).click();
    await toast(page, 'URL Copied!').waitFor();
    expect(await clipboard(page)).toBe(shortUrl);

    await page.getByRole('status', { name: 'Live updates: Live' }).first().waitFor();
    await visitAsPerson(shortUrl, destination);
    await expect.poll(() => text(row(page, code).getByTestId('click-count')), { timeout: 10_000 }).toBe('1');
    await expect.poll(() => text(tile(page, 'tile-total-clicks')), { timeout: 10_000 }).toBe('1');

    await quickShorten(page, 'example.com/phone/second-link');
    await expect.poll(() => rows(page).count()).toBe(2);
    await page.getByTestId('quick-result').waitFor({ state: 'detached', timeout: 5000 });
    expect(await noHorizontalOverflow(page)).toBe(true);
    await screenshot(page, 'dashboard-links');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Cards' }).click();
    await page.locator(`li.link-card[data-short-code="${code}"]`).waitFor();
    expect(await noHorizontalOverflow(page)).toBe(true);
    await screenshot(page, 'dashboard-cards');
    await page.getByRole('button', { name: 'List' }).click();

    await row(page, code).getByRole('button', { name: 'QR code of health' }).click();
    await dialog(page, 'QR Code').getByRole('img').waitFor();
    await screenshot(page, 'dashboard-modal-qr');
    await dialog(page, 'QR Code').getByRole('button', { name: 'Close' }).click();

    await row(page, code).getByRole('button', { name: 'Edit health' }).click();
    await dialog(page, 'Edit URL').getByLabel('Title').waitFor();
    await screenshot(page, 'dashboard-modal-edit');
    await dialog(page, 'Edit URL').getByRole('button', { name: 'Cancel' }).click();

    await row(page, code).getByRole('button', { name: 'Delete health' }).click();
    await dialog(page, 'Delete URL').getByText('This action cannot be undone.').waitFor();
    await screenshot(page, 'dashboard-modal-delete');
    await dialog(page, 'Delete URL').getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await page.getByTestId('bulk-bar').waitFor();
    await screenshot(page, 'dashboard-bulk-bar');
    await page.getByRole('button', { name: 'Clear selection' }).click();

    await page.getByTestId('export-button').click();
    await toast(page, 'Export Not Available').waitFor();
    await screenshot(page, 'dashboard-export-refusal');

    await openCreateFromSidebar(page);
    await screenshot(page, 'dashboard-modal-create');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });
});
