import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  HUMAN_AGENT,
  PHONE,
  SCREENSHOT_DIR,
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
 * The analytics screen (live), Usage & Limits, API Key Management, the API documentation
 * and Developer Tools, on the real server with embedded stores, at desktop and phone sizes.
 */

const SIZES = [
  { name: 'desktop', viewport: DESKTOP },
  { name: 'phone', viewport: PHONE },
] as const;

const utcToday = () => new Date().toISOString().slice(0, 10);
const fullDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-IN', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

describe('analytics, limits, API key and docs in the browser', () => {
  let suite: VisitorSuite | undefined;
  let product: Product;
  let browser: Browser;
  let visitor: BrowserContext;
  const contexts: BrowserContext[] = [];
  let accounts = 0;

  beforeAll(async () => {
    suite = await startVisitorSuite();
    ({ product, browser, visitor } = suite);
  }, 120_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await suite?.close();
  });

  // ---------------------------------------------------------------- helpers

  const call = <T>(token: string, method: string, path: string, body?: unknown) => apiCall<T>(product, token, method, path, body);

  interface ApiLink {
    id: number;
    short_code: string;
  }

  const createLink = (token: string, title: string) => call<ApiLink>(token, 'POST', '/api/urls', { original_url: `${product.baseUrl}/api/health`, title });

  /** A fresh account and a signed-in page at the given size. */
  async function signedIn(viewport: { width: number; height: number } = DESKTOP): Promise<{ token: string; page: Page }> {
    accounts += 1;
    const token = await registerByApi(product, `insight${accounts}-${Date.now()}@example.com`);
    const context = await newContext(browser, product, viewport);
    contexts.push(context);
    await signInContext(context, token);
    return { token, page: await context.newPage() };
  }

  const tileValue = (page: Page, label: string) => page.locator(`[data-tile="${label}"] .tile__value`).innerText();

  /** A visitor following a short link from another site, as a browser does. */
  async function follow(shortCode: string, times: number) {
    const page = await visitor.newPage();
    for (let i = 0; i < times; i += 1) {
      const response = await page.goto(`${product.baseUrl}/${shortCode}`, { referer: 'https://news.example.com/today' });
      expect(response?.url()).toBe(`${product.baseUrl}/api/health`);
    }
    await page.close();
  }

  // -------------------------------------------------------------- analytics

  it('shows a link’s analytics and counts clicks live, without reloading', async () => {
    const { token, page } = await signedIn();
    const link = await createLink(token, 'Health check');

    // Hold the first analytics answer back a moment to see the loading skeleton.
    let held = false;
    await page.route('**/api/urls/*/analytics*', async (route) => {
      if (!held) {
        held = true;
        await new Promise((resolve) => setTimeout(resolve, 1500));
      }
      await route.continue();
    });
    await page.goto(`/analytics/${link.id}`);
    await page.getByTestId('analytics-skeleton').waitFor();
    await screenshot(page, 'analytics-loading');

    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    expect(await page.locator('.analytics__link-title').innerText()).toBe('Health check');
    expect(await page.locator('.short-code').innerText()).toContain(link.short_code);
    expect(await page.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    for (const label of ['Total Clicks', 'Today', 'This Week', 'This Month']) expect(await tileValue(page, label)).toBe('0');
    const today = utcToday();
    const todaysBar = page.locator(`rect[data-day="${today}"]`);
    expect(await todaysBar.getAttribute('data-today')).toBe('true');
    expect(await todaysBar.getAttribute('data-clicks')).toBe('0');
    expect(await page.getByText('No referrer data yet.', { exact: false }).count()).toBe(1);

    // The page's live marker shows the connection; then a visitor clicks three times.
    await page.locator('.analytics__head .live-marker--live').waitFor();
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    await follow(link.short_code, 3);

    await expect.poll(() => tileValue(page, 'Total Clicks'), { timeout: 15_000 }).toBe('3');
    expect(await tileValue(page, 'Today')).toBe('3');
    expect(await tileValue(page, 'This Week')).toBe('3');
    expect(await tileValue(page, 'This Month')).toBe('3');
    expect(await todaysBar.getAttribute('data-clicks')).toBe('3');
    expect(Number(await todaysBar.getAttribute('height'))).toBeGreaterThan(0);
    // The referrer, country and devices follow from the re-read a moment later.
    await expect.poll(() => page.locator('.chart-key__row[data-referrer="news.example.com"]').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.locator('.chart-key__row[data-referrer="news.example.com"] .chart-key__percent').innerText()).toBe('100%');
    await expect.poll(() => page.locator('.countries-table tbody tr').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.locator('.countries-table tbody tr td').nth(2).innerText()).toBe('100.0%');
    await expect.poll(() => page.locator('.breakdown', { hasText: 'Browsers' }).innerText(), { timeout: 15_000 }).toContain('Chrome');
    expect(await page.locator('.breakdown', { hasText: 'Operating systems' }).innerText()).toContain('Linux');
    expect(await page.locator('[data-figure="unique-visitors"]').innerText()).toBe('1');
    expect(await tileValue(page, 'Total Clicks')).toBe('3');
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

    // The chart is one tab stop whose arrow keys read the days; the tooltip gives the full date.
    await page.locator('.clicks-chart__plot').focus();
    await page.keyboard.press('End');
    const tooltip = page.locator('.chart-tooltip');
    expect(await tooltip.innerText()).toContain(fullDay(today));
    expect(await tooltip.innerText()).toContain('3 clicks');
    await page.keyboard.press('ArrowLeft');
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect(await tooltip.innerText()).toContain(fullDay(yesterday));
    expect(await tooltip.innerText()).toContain('0 clicks');
    await page.getByRole('button', { name: 'Show data table' }).click();
    expect(await page.locator(`.clicks-chart__table tr[data-day="${today}"]`).innerText()).toContain('3');
    await page.getByRole('button', { name: 'Hide data table' }).click();

    await page.locator('.analytics__head').click();
    await screenshot(page, 'analytics');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Another period re-reads the figures; the chart then covers 7 days.
    await page.getByLabel('Period', { exact: true }).selectOption('7');
    await expect.poll(() => page.locator('rect[data-day]').count()).toBe(7);
    expect(await page.locator(`rect[data-day="${today}"]`).getAttribute('data-clicks')).toBe('3');

    // A custom range: refused when reversed, then applied.
    const twoDaysAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 2 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('Period', { exact: true }).selectOption('custom');
    await page.getByLabel('From', { exact: true }).fill(today);
    await page.getByLabel('To', { exact: true }).fill(twoDaysAgo);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('alert').filter({ hasText: 'The From date must be on or before the To date.' }).waitFor();
    await page.getByLabel('From', { exact: true }).fill(twoDaysAgo);
    await page.getByLabel('To', { exact: true }).fill(today);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.locator('rect[data-day]').count()).toBe(3);
    expect(await page.locator('[data-figure="period-clicks"]').innerText()).toBe('3');
    expect(await tileValue(page, 'Total Clicks')).toBe('3');
  }, 120_000);

  it('labels the referrer slices that have room with referrer and percent; the thin ones by hover and in the key', async () => {
    const { token, page } = await signedIn();
    const link = await createLink(token, 'Referrer mix');
    // Visits from several sites (and some typed in), big shares and thin ones.
    const visits: [string, number][] = [
      ['https://www.google.com/search', 30],
      ['https://news.example.com/today', 18],
      ['', 10],
      ['https://a-very-long-subdomain.newsletter.example.co.uk/issue', 6],
      ['https://t.co/x', 2],
      ['https://duckduckgo.com/', 1],
    ];
    for (const [referer, times] of visits) {
      for (let i = 0; i < times; i += 1) {
        const answer = await fetch(`${product.baseUrl}/${link.short_code}`, {
          redirect: 'manual',
          headers: { 'user-agent': HUMAN_AGENT, ...(referer ? { referer } : {}) },
        });
        expect(answer.status).toBe(302);
      }
    }
    await page.goto(`/analytics/${link.id}`);
    await expect.poll(() => page.locator('.chart-key__row').count(), { timeout: 15_000 }).toBe(6);
    const label = (referrer: string) => page.locator(`[data-slice="${referrer}"] text`);
    // 30 of 67 is 45 %: room for both lines.
    expect(await label('www.google.com').textContent()).toBe('www.google.com45%');
    expect(await label('news.example.com').textContent()).toBe('news.example.com27%');
    expect(await label('Direct').textContent()).toBe('Direct15%');
    // Too thin for a label: a hover title, and the key.
    for (const [referrer, percent] of [
      ['t.co', '3%'],
      ['duckduckgo.com', '1%'],
    ]) {
      expect(await label(referrer!).count()).toBe(0);
      expect(await page.locator(`[data-slice="${referrer}"] path title`).textContent()).toContain(`${referrer}: ${percent}`);
      expect(await page.locator(`.chart-key__row[data-referrer="${referrer}"] .chart-key__percent`).innerText()).toBe(percent);
    }
    // Every label drawn lies inside the ring, clear of the others.
    const boxes = await page
      .locator('.referrers__slice-label')
      .evaluateAll((labels) => labels.map((node) => (node as SVGGraphicsElement).getBoundingClientRect().toJSON() as DOMRect));
    const ring = (await page.locator('.referrers__pie').boundingBox())!;
    for (const box of boxes) {
      expect(box.left).toBeGreaterThanOrEqual(ring.x);
      expect(box.right).toBeLessThanOrEqual(ring.x + ring.width);
    }
    for (let i = 0; i < boxes.length; i += 1)
      for (let j = i + 1; j < boxes.length; j += 1) {
        const [a, b] = [boxes[i]!, boxes[j]!];
        expect(a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top).toBe(true);
      }
    await page.locator('.referrers').scrollIntoViewIfNeeded();
    await page.locator('.referrers').screenshot({ path: `${SCREENSHOT_DIR}analytics-referrers-pie.png` });
    await screenshot(page, 'analytics-referrers');
  });

  it('shows “Analytics Not Available” for a link that is not there and for a non-numeric id', async () => {
    const { page } = await signedIn();
    await page.goto('/analytics/999999');
    await page.getByRole('heading', { name: 'Analytics Not Available' }).waitFor();
    expect(await page.getByText('Analytics not available for this URL.').count()).toBe(1);
    await screenshot(page, 'analytics-error');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto('/analytics/not-a-number');
    await page.getByRole('heading', { name: 'Analytics Not Available' }).waitFor();
    expect(await page.getByText('Analytics not available for this URL.').count()).toBe(1);
    await page.locator('.analytics-error').getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.waitForURL('**/dashboard');

    // Any other failure has its own text.
    await page.route('**/api/urls/*/analytics*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom"}' }));
    await page.goto('/analytics/1');
    await page.getByText('Failed to load analytics. Please try again.').waitFor();
  }, 60_000);

  it('lays the analytics out for a phone', async () => {
    const { token, page } = await signedIn(PHONE);
    const link = await createLink(token, 'Phone link');
    await follow(link.short_code, 2);
    await page.goto(`/analytics/${link.id}`);
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    await expect.poll(() => tileValue(page, 'Total Clicks')).toBe('2');
    await page.locator('.chart-key__row').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'analytics');
    await page.goto('/analytics/999999');
    await page.getByRole('heading', { name: 'Analytics Not Available' }).waitFor();
    await screenshot(page, 'analytics-error');
  }, 60_000);

  // ----------------------------------------------------------------- limits

  for (const size of SIZES) {
    it(`shows the free plan’s limits from the catalogue and this month’s usage (${size.name})`, async () => {
      const { token, page } = await signedIn(size.viewport);
      await createLink(token, 'First');
      await createLink(token, 'Second');
      await page.goto('/limits');
      await page.getByRole('heading', { name: 'Usage & Limits' }).waitFor();
      await page.locator('[data-tile="links"]').waitFor();

      const plans = (await (await fetch(`${product.baseUrl}/api/subscription/plans`)).json()) as {
        plans: { name: string; monthly_links_limit: number; api_calls_per_minute: number }[];
      };
      const free = plans.plans.find((plan) => plan.name === 'free')!;
      expect(free.monthly_links_limit).toBe(10);
      expect(await tileValue(page, 'links')).toBe(`2 of ${free.monthly_links_limit}`);
      const bar = page.locator('[data-tile="links"] [role="meter"]');
      expect(await bar.getAttribute('data-tone')).toBe('ok');
      expect(await bar.getAttribute('data-percent')).toBe('20');
      expect(await tileValue(page, 'api')).toBe(String(free.api_calls_per_minute));
      expect(await tileValue(page, 'domains')).toBe('0');
      expect(await page.locator('.plan-card__name').innerText()).toContain('Free');
      expect(await page.locator('.plan-card__price').innerText()).toContain('₹0');
      // Free grants 5 features (no smart-link control): the card shows them all, with no count of more to open.
      expect(await page.locator('.feature-list__item').count()).toBe(5);
      expect(await page.getByRole('button', { name: /more$/ }).count()).toBe(0);
      const upgrade = page.getByRole('link', { name: 'View Pricing Plans' });
      expect(await upgrade.getAttribute('href')).toBe('/pricing');
      expect(await page.locator('.upgrade-banner').innerText()).toContain('1,000 links a month');
      await screenshot(page, 'limits');
      if (size.name === 'desktop') expect(await seriousA11yViolations(page)).toEqual([]);
    }, 60_000);
  }

  it('colours the usage bar yellow from 75 % and red from 90 %, and falls back to the free plan when the subscription fails', async () => {
    const { token, page } = await signedIn();
    for (let i = 0; i < 8; i += 1) await createLink(token, `Link ${i}`);
    await page.goto('/limits');
    const bar = page.locator('[data-tile="links"] [role="meter"]');
    await bar.waitFor();
    expect(await bar.getAttribute('data-tone')).toBe('warning');
    await createLink(token, 'Ninth');
    await page.reload();
    await bar.waitFor();
    expect(await bar.getAttribute('data-tone')).toBe('critical');
    await screenshot(page, 'limits-critical');

    await page.route('**/api/subscription/current', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"down"}' }));
    await page.reload();
    await page.getByText('We couldn’t load your subscription just now.').waitFor();
    expect(await tileValue(page, 'links')).toBe('9 of 10');
    expect(await tileValue(page, 'api')).toBe('100');
    await screenshot(page, 'limits-fallback');

    // Without the catalogue call either, the catalogue bundled with the app gives the same figures.
    await page.route('**/api/subscription/plans', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
    await page.reload();
    await page.getByText('We couldn’t load your subscription just now.').waitFor();
    expect(await tileValue(page, 'links')).toBe('9 of 10');
    expect(await tileValue(page, 'domains')).toBe('0');
    expect(await page.locator('.feature-list__item').count()).toBe(5);

    // A 401 is the authentication message (the session then ends and the login screen follows).
    await page.route('**/api/subscription/current', (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: '{"detail":"Not authenticated"}' }),
    );
    await page.reload();
    await page.waitForURL('**/login');
  }, 90_000);

  // --------------------------------------------------------------- API keys

  it('generates a key on the first visit; show, copy and regenerate, after which the old key is refused', async () => {
    const { token, page } = await signedIn();
    await page.goto('/api-keys');
    await page.getByRole('heading', { name: 'API Key Management' }).waitFor();
    const field = page.getByLabel('API key', { exact: true });
    await field.waitFor();
    await page.getByText('Your first API key was created.', { exact: false }).waitFor();
    const { api_key: key } = await call<{ api_key: string }>(token, 'GET', '/api/users/me/api-key');
    expect(key.startsWith('ll_')).toBe(true);
    const masked = await field.inputValue();
    expect(masked).toContain('•');
    expect(masked).not.toBe(key);
    expect(masked.endsWith(key.slice(-4))).toBe(true);
    expect(await page.locator('.usage-examples').innerText()).not.toContain(key);
    await screenshot(page, 'api-keys');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Show API key' }).click();
    expect(await field.inputValue()).toBe(key);
    expect(await page.locator('.usage-examples').innerText()).toContain(`X-API-Key: ${key}`);
    expect(await page.locator('.usage-examples').innerText()).toContain(`${product.baseUrl}/api/urls/api`);
    await screenshot(page, 'api-keys-revealed');
    await page.getByRole('button', { name: 'Hide API key' }).click();
    expect(await field.inputValue()).toBe(masked);

    await page.getByRole('button', { name: 'Copy API key' }).click();
    await page.getByRole('button', { name: 'Copy API key: copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    // The copied state clears after 2 seconds.
    await page.getByRole('button', { name: 'Copy API key', exact: true }).waitFor({ timeout: 4000 });

    // A copied example carries the full key even while it is masked.
    await page.getByRole('button', { name: 'Copy curl example: List your links' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`X-API-Key: ${key}`);

    const oldKeyCall = () => fetch(`${product.baseUrl}/api/urls`, { headers: { 'X-API-Key': key } });
    expect((await oldKeyCall()).status).toBe(200);

    await page.getByRole('button', { name: 'Regenerate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Regenerate API key?' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('This action cannot be undone.');
    await screenshot(page, 'api-keys-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await oldKeyCall()).status).toBe(200);

    await page.getByRole('button', { name: 'Regenerate' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => field.inputValue()).not.toBe(key);
    const fresh = await field.inputValue();
    expect(fresh.startsWith('ll_')).toBe(true);
    expect(fresh).not.toContain('•');
    expect((await oldKeyCall()).status).toBe(401);
    expect((await fetch(`${product.baseUrl}/api/urls`, { headers: { 'X-API-Key': fresh } })).status).toBe(200);
  }, 90_000);

  it('lays the API key screen out for a phone', async () => {
    const { page } = await signedIn(PHONE);
    await page.goto('/api-keys');
    await page.getByLabel('API key', { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'api-keys');
    await page.getByRole('button', { name: 'Show API key' }).click();
    await screenshot(page, 'api-keys-revealed');
    await page.getByRole('button', { name: 'Regenerate' }).click();
    await page.getByRole('dialog', { name: 'Regenerate API key?' }).waitFor();
    await screenshot(page, 'api-keys-dialog');
  }, 60_000);

  it('reports a key that cannot be loaded', async () => {
    const { page } = await signedIn();
    await page.route('**/api/users/me/api-key', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
    await page.goto('/api-keys');
    await page.getByText('Failed to load API key. Please try again.').waitFor();
    await page.unroute('**/api/users/me/api-key');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByLabel('API key', { exact: true }).waitFor();
  }, 60_000);

  // ------------------------------------------------------------------- docs

  for (const size of SIZES) {
    it(`documents the API in keyboard-operable tabs (${size.name})`, async () => {
      const { page } = await signedIn(size.viewport);
      await page.goto('/docs');
      await page.getByRole('heading', { name: 'API Documentation' }).waitFor();
      const tablist = page.getByRole('tablist', { name: 'API documentation sections' });
      const tab = (name: string) => tablist.getByRole('tab', { name });
      expect(await tab('Overview').getAttribute('aria-selected')).toBe('true');
      expect(await page.getByTestId('api-base').innerText()).toBe(`${product.baseUrl}/api`);
      expect(await page.locator('a[href="/api/docs"]').count()).toBeGreaterThan(0);
      expect(await page.locator('a[href="/api/openapi.json"]').count()).toBeGreaterThan(0);
      await screenshot(page, 'docs-overview');
      if (size.name === 'desktop') expect(await seriousA11yViolations(page)).toEqual([]);

      // Arrow keys move between the tabs and select them.
      await tab('Overview').focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => tab('Authentication').getAttribute('aria-selected')).toBe('true');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Authentication');
      const panel = page.getByRole('tabpanel', { name: 'Authentication' });
      expect(await panel.innerText()).toContain('X-API-Key');
      await screenshot(page, 'docs-authentication');

      await page.keyboard.press('ArrowRight');
      const endpoints = page.getByRole('tabpanel', { name: 'Endpoints' });
      expect(await endpoints.locator('.endpoint__title code').allInnerTexts()).toEqual([
        '/api/urls/api',
        '/api/urls',
        '/api/urls/{id}/analytics',
        '/api/shorten',
      ]);
      expect(await page.getByTestId('shorten-statuses').locator('tbody tr').count()).toBe(8);
      await screenshot(page, 'docs-endpoints');
      if (size.name === 'desktop') expect(await seriousA11yViolations(page)).toEqual([]);

      await page.keyboard.press('End');
      const examples = page.getByRole('tabpanel', { name: 'Examples' });
      expect(await examples.innerText()).toContain(`curl -X POST "${product.baseUrl}/api/urls/api"`);
      const languages = page.getByRole('tablist', { name: 'Example language' });
      await languages.getByRole('tab', { name: 'curl' }).focus();
      await page.keyboard.press('ArrowRight');
      expect(await examples.innerText()).toContain('await fetch(');
      await page.keyboard.press('ArrowRight');
      expect(await examples.innerText()).toContain('import requests');
      await page.getByRole('button', { name: 'Copy Python example: Create a short link' }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('requests.post(');
      await page.getByRole('button', { name: 'Copy Python example: Create a short link: copied' }).waitFor();
      await screenshot(page, 'docs-examples');
      if (size.name === 'desktop') expect(await seriousA11yViolations(page)).toEqual([]);

      await page.keyboard.press('Home');
      await tab('Examples').focus();
      await page.keyboard.press('Home');
      expect(await tab('Overview').getAttribute('aria-selected')).toBe('true');
    }, 90_000);
  }

  // -------------------------------------------------------- developer tools

  for (const size of SIZES) {
    it(`shows the API tab with the key and the domain status, and the domains upgrade notice on Free (${size.name})`, async () => {
      const { token, page } = await signedIn(size.viewport);
      await page.goto('/developer-tools');
      await page.getByRole('heading', { name: 'Developer Tools' }).waitFor();
      const field = page.getByLabel('API key', { exact: true });
      await field.waitFor();
      const { api_key: key } = await call<{ api_key: string }>(token, 'GET', '/api/users/me/api-key');
      expect((await field.inputValue()).endsWith(key.slice(-4))).toBe(true);
      const status = page.locator('.domain-status');
      expect(await status.innerText()).toContain('Active custom domain');
      expect(await status.locator('.badge').allInnerTexts()).toEqual(['None', 'None']);
      await screenshot(page, 'developer-tools');
      if (size.name === 'desktop') expect(await seriousA11yViolations(page)).toEqual([]);

      await page.getByRole('tab', { name: 'Domains' }).click();
      await page.getByRole('heading', { name: 'Feature Not Available' }).waitFor();
      expect(await page.getByRole('tabpanel', { name: 'Domains' }).innerText()).toContain('Pro or Enterprise');
      expect(await page.getByRole('link', { name: 'View Pricing Plans' }).getAttribute('href')).toBe('/pricing');
      await screenshot(page, 'developer-tools-domains');
      if (size.name === 'desktop') expect(await seriousA11yViolations(page)).toEqual([]);
    }, 60_000);
  }
});
